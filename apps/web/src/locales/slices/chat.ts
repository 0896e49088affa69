/** UI strings of the chat screens, English and Bengali side by side; merged into en.ts and bn.ts. */
import type { Sections } from '../sections';

export const chatEn = {} as const;

export const chatBn: Sections<typeof chatEn> = {};
