/** UI strings of the content screens, English and Bengali side by side; merged into en.ts and bn.ts. */
import type { Sections } from '../sections';

export const contentEn = {} as const;

export const contentBn: Sections<typeof contentEn> = {};
