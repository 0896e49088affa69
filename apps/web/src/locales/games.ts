/**
 * The games strings (slices/games.ts) but the header game menu's, which are in bn.ts and en.ts:
 * added when code that shows them loads (each module that uses them imports this), so they are
 * not in home's first download.
 */
import { addStrings } from '../lib/i18n';
import { gamesBn, gamesEn } from './slices/games';

addStrings({ bn: gamesBn, en: gamesEn });
