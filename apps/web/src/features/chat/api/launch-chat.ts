/**
 * Opening live chat: GET /wps/relay/CBS_launchChat gives our chat page's address (`value.chatUrl`)
 * with the page to come back to; the app then navigates there. Logged out goes to login; a guest
 * is told to use a real account. Light (no zod): the service widget on home uses it.
 */
import { isGuest } from '@khela/contract/members';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, isHandledGlobally } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import { FIRST_MESSAGES } from '../../../lib/first-messages';
import { currentLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import { isRecord } from '../../../lib/storage';

/** Only our own chat page: a path of this site (the server sends nothing else). */
function parseLaunch(value: unknown): string {
  if (!isRecord(value) || typeof value.chatUrl !== 'string') throw new TypeError('No chatUrl');
  const url = value.chatUrl;
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) {
    throw new TypeError('chatUrl is not a path of this site');
  }
  return url;
}

export function launchChat(backUrl: string, signal?: AbortSignal): Promise<string> {
  return api.get('/wps/relay/CBS_launchChat', {
    query: { b2c: 1, backUrl, template: 'v2' },
    parse: parseLaunch,
    signal,
  });
}

/** `launch()` opens the chat from wherever the player is; `opening` while the call runs. */
export function useLaunchChat() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSessionStore((state) => state.session);
  const [opening, setOpening] = useState(false);

  async function launch() {
    if (!session) {
      void navigate(paths.login);
      return;
    }
    if (isGuest(session.type)) {
      showToast(FIRST_MESSAGES['member.trialForbidden'][currentLanguage()], 'error');
      return;
    }
    if (opening) return;
    setOpening(true);
    try {
      const chatUrl = await launchChat(`${location.pathname}${location.search}`);
      void navigate(chatUrl);
    } catch (error) {
      // Chat calls raise no alerts of their own (spec §7), but a tap needs an answer.
      if (error instanceof ApiError && !isHandledGlobally(error)) showToast(error.message, 'error');
    } finally {
      setOpening(false);
    }
  }

  return { launch, opening };
}
