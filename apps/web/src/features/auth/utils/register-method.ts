import { isIosWebClip } from '../../../lib/platform';

/** How the player reached registration (spec §3 registerMethod): app, home-screen clip, PWA or H5. */
export type RegisterMethod = 'APP' | 'H5' | 'WEBCLIP' | 'PWA';

/** The Khela app's web view adds this to its user agent. */
export const APP_USER_AGENT_MARKER = 'KhelaApp';

export function detectRegisterMethod(): RegisterMethod {
  if (navigator.userAgent.includes(APP_USER_AGENT_MARKER)) return 'APP';
  // iOS home-screen web clips say so themselves (and may also match display-mode standalone).
  if (isIosWebClip()) return 'WEBCLIP';
  if (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches
  ) {
    return 'PWA';
  }
  return 'H5';
}
