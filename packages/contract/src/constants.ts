/** Business constants of both specs' §9, in milliseconds, pixels, counts and characters. */

import { languageDigits } from './date';
import type { Language } from './language';
export const PAGE_SIZE = {
  games: 36,
  favourites: 200,
  favouritesOnHome: 100,
  winners: 20,
  hotGamesFirst: 6,
} as const;

export const WINNER_BOARD_AUTOSCROLL_ABOVE = 5;

export const TOAST_MS = {
  default: 1500,
  success: 1000,
  short: 3000,
  long: 8000,
  freeReject: 2000,
  contactService: 2000,
} as const;

export const LOADING_MS = {
  default: 10_000,
  long: 15_000,
  /** Logout and forgot password keep their loading message until the call ends. */
  untilDone: 9_999_000,
} as const;

export const DEBOUNCE_MS = {
  validationOnLanguageChange: 200,
  dataOnLanguageChange: 250,
  search: 500,
} as const;

export const THROTTLE_MS = {
  inboxUnread: 250,
  chatUnread: 250,
  readMark: 150,
  infiniteScroll: 1000,
} as const;

export const SMS = {
  countdownRefreshMs: 500,
  defaultWaitSeconds: 60,
  codeMaxDigits: 10,
} as const;

export const INPUT_LIMITS = {
  captchaMaxDigits: 6,
  captchaHintMaxDigits: 16,
  mobileMaxLength: 20,
  emailMaxLength: 254,
  activityRemarkMax: 140,
  birthdayMinYear: 1900,
  imagesMax: 3,
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'],
} as const;

export const MINIMUM_AGE = 18;

export const SAVED_REDIRECT_MS = 1000;
export const EMAIL_RECOVERY_SUCCESS_MS = 1000;

export const MOTION = {
  pageTransitionMs: 300,
  swipeThresholdPx: 60,
  longPressMs: 370,
  pressInDelayMs: 130,
  moveThresholdPx: 10,
  infiniteScrollThresholdPx: 300,
  marqueeFps: 30,
} as const;

export const CAROUSEL = {
  bannerAutoplayMs: 4000,
  bannerSpeedMs: 600,
  galleryAutoplayMs: 8000,
  homeSlidesPerView: 3.1,
  homeSlidesPerGroup: 3,
} as const;

export const UNREAD_BADGE_CAP = 99;
export const BALANCE_DECIMALS = 2;
/** The app's rating out of 5, shown with one decimal (formatFixedNumber). */
export const APP_RATING = 5;

export const GATEWAY = { WEB: 1, MOBILE: 3 } as const;
export const PLATFORM = 'M';
export const REGISTRATION_TYPE = 0;

export const PAGINATION = { visiblePages: 10, hideUnderPages: 2 } as const;
export const DATE_PICKER_RANGE = { fromYear: 2000, toYear: 2030 } as const;

export const JACKPOT = {
  startMin: 1.2e9,
  startMax: 1.3e9,
  stepMin: 10,
  stepMax: 50,
  intervalsMs: [3000, 4000, 5000],
  altFrom: 787756899.13,
  altTo: 787757899.13,
} as const;

export const CARD_THEMES = 8;

/** Keys the web app keeps in the browser (spec §3, §9). */
export const STORAGE_KEYS = {
  sessionInfo: 'MC_SESSION_INFO',
  language: 'language',
  hideDownloadBar: 'hideDownloadBar',
  webClip: 'webClip',
  systemStatus: 'systemStatus',
  autoLogin: 'autoLogin',
} as const;

/** The unread badge text: the count, or 99+ above the cap, in the language's digits. */
export function unreadBadge(count: number, language: Language = 'EN'): string {
  return languageDigits(
    count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count),
    language,
  );
}
