/**
 * The home page's banner call, as the web client makes it and the server names it in the page
 * for the browser to fetch early (`<link rel="preload">`): the two must match to the character.
 * Banners are the same for every viewer, so one early answer serves visitors and members alike.
 */
import type { Language } from './language';

export const HOME_BANNER_GROUP = 'm_home';

/** The query the banner carousel sends after the client's `language`, in this order. */
export const HOME_BANNER_QUERY = { types: 'B', groupName: HOME_BANNER_GROUP, platform: 'M' };

export const homeBannersUrl = (language: Language) =>
  `/wps/announcement?${new URLSearchParams({ language, ...HOME_BANNER_QUERY }).toString()}`;

/**
 * The banner type of each category page (spec §2's banner types); a page shows its form group
 * `m_{type}_{language}` as a gallery. The registration screen's type is `m_reg`.
 */
export const CATEGORY_BANNER_TYPES = {
  RNG: 'm_rng',
  SPORTS: 'm_sports',
  PVP: 'm_pvp',
  LIVE: 'm_live',
  FISH: 'm_fish',
  LOTT: 'm_lott',
  ELOTT: 'm_elott',
} as const;
export const REGISTRATION_BANNER_TYPE = 'm_reg';

/** The form group name for a banner type in a language: m_{type}_{language}. */
export const bannerGroupName = (type: string, language: Language) => `${type}_${language}`;
