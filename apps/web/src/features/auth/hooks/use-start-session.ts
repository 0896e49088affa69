/**
 * What every successful login, registration and password reset does: keep the session info
 * (sessionStorage MC_SESSION_INFO via the session store), say when the previous login was, and
 * go back to the screen the player was sent to login from (opening the game they tapped), else
 * home.
 */
import { formatDate } from '@khela/contract/date';
import type { LoginResult } from '@khela/contract/accounts';
import { TOAST_MS } from '@khela/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { requestGameLaunch } from '../../../lib/game-launch-store';
import { useLanguage } from '../../../lib/i18n';
import { readLoginReturn } from '../../../lib/login-return';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';

export function useStartSession() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const setSession = useSessionStore((state) => state.setSession);

  /** `generatedName`: the server made the username (a mobile sign-up); the player is told it. */
  return (result: LoginResult, options: { generatedName?: boolean } = {}) => {
    setSession({
      token: result.token,
      merchantCode: result.merchantCode,
      userName: result.userName,
      type: result.type,
      firstTimeLogin: result.firstTimeLogin,
    });
    // An excluded player's restricted session opens on their protection page (withdraw, records).
    if (result.exclusion) {
      void navigate(paths.responsibleGaming, { replace: true });
      return;
    }
    if (result.lastLoginAt) {
      const time = formatDate(result.lastLoginAt, 'dateTime', language);
      showToast(t('auth.lastLogin', { time }), 'success', TOAST_MS.short);
    } else if (options.generatedName) {
      showToast(t('auth.welcomeGenerated', { name: result.userName }), 'success', TOAST_MS.long);
    } else {
      showToast(t('auth.welcome', { name: result.userName }), 'success', TOAST_MS.short);
    }
    // Back where the player was sent from (the entry below login, when it is that one), and the
    // game a visitor tapped opens now.
    const back = readLoginReturn(location.state);
    const arrived = back.from
      ? back.below
        ? navigate(-1)
        : navigate(back.from, { replace: true })
      : navigate(paths.home, { replace: true });
    const game = back.game;
    if (game) void Promise.resolve(arrived).then(() => requestGameLaunch(game));
  };
}
