/**
 * Every invented name the pages show has a Bengali one: sides, teams, fighters, competitions and
 * every player of every squad; a BN page's markets and scoreboard name them in Bengali.
 */
import { describe, expect, it } from 'vitest';
import { scoreboardOf } from '../scoreboard';
import { fixtureAt } from './fixtures';
import { DEFAULT_PRICING, offersAt, simulate } from './markets';
import {
  COCKFIGHT_DERBIES,
  COCKFIGHT_ROOSTERS,
  CRICKET_DOMESTIC,
  CRICKET_INTERNATIONAL,
  ESPORTS_COMPETITIONS,
  ESPORTS_TEAMS,
  FOOTBALL_LEAGUES,
  KABADDI_SIDES,
  localName,
  squadOf,
} from './names';

const BENGALI = /^[\u0980-\u09ff\s-]+$/;
const LATIN = /[A-Za-z]/;

describe('Bengali names', () => {
  it('names every side, team, fighter, competition and player in Bengali', () => {
    const sides = [
      ...CRICKET_INTERNATIONAL,
      ...CRICKET_DOMESTIC,
      ...Object.values(FOOTBALL_LEAGUES).flat(),
      ...KABADDI_SIDES,
      ...ESPORTS_TEAMS,
      ...COCKFIGHT_ROOSTERS,
    ];
    const competitions = [
      ...ESPORTS_COMPETITIONS,
      ...COCKFIGHT_DERBIES,
      ...Object.keys(FOOTBALL_LEAGUES),
      'T20 International Series',
      'ODI International Series',
      'Bengal T20 League',
      'National One-Day Cup',
      'Kabaddi Pro League',
    ];
    const players = [...CRICKET_INTERNATIONAL, ...CRICKET_DOMESTIC].flatMap(squadOf);
    for (const name of [...sides, ...competitions, ...players]) {
      const text = localName(name);
      expect(text.EN).toBe(name);
      expect(text.BN, name).toMatch(BENGALI);
    }
    // Two sides never share a Bengali name.
    expect(new Set(sides.map((s) => localName(s).BN)).size).toBe(sides.length);
  });

  it('shows a BN page’s market selections and scoreboard with the Bengali names', () => {
    const schedule = { seed: 'names-test', origin: 0, spacingMs: 600_000 };
    for (let k = 0; k < 8; k += 1) {
      const match = simulate(fixtureAt(schedule, k));
      const { home, away } = match.fixture;
      const last = match.states.length - 1;
      const board = scoreboardOf(match, last);
      for (const text of [board.score.BN, board.latest?.BN ?? '']) {
        expect(text).not.toContain(home);
        expect(text).not.toContain(away);
      }
      for (const offer of offersAt(match, 0, DEFAULT_PRICING)) {
        expect(offer.name.BN).not.toMatch(LATIN);
        for (const selection of offer.selections) expect(selection.name.BN).not.toMatch(LATIN);
      }
    }
  });
});
