/** UI strings of the games screens, English and Bengali side by side; merged into en.ts and bn.ts. */
import type { Sections } from '../sections';

export const gamesEn = {} as const;

export const gamesBn: Sections<typeof gamesEn> = {};
