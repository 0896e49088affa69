/**
 * The card frame's theme (one of CARD_THEMES, spec §9): chosen by a stable hash of the game's
 * nodeId, so a game keeps its colours on every screen and every visit.
 */
import { CARD_THEMES } from '@khela/contract/constants';

/** FNV-1a over the characters: cheap, and spreads consecutive ids over all the themes. */
export function cardTheme(nodeId: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < nodeId.length; i += 1) {
    hash = Math.imul(hash ^ nodeId.charCodeAt(i), 16_777_619);
  }
  return (hash >>> 0) % CARD_THEMES;
}
