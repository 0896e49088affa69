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
