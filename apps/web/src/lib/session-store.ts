/**
 * The spec's "common store": session info (sessionStorage MC_SESSION_INFO), hideBalance, which
 * panel is open (side menu or a popup; one at a time), whether a drop-down menu is open, and
 * whether the download bar is hidden.
 */
import { STORAGE_KEYS } from '@khela/contract/constants';
import type { SessionEndReason } from '@khela/contract/session-end';
import { create } from 'zustand';
import { isStandalone } from './platform';
import { isRecord, readJson, readStorage, removeStorage, writeStorage } from './storage';

export interface SessionInfo {
  token: string;
  merchantCode: string;
  userName: string;
  /** Customer type: 4 and 40 are trial or guest accounts. */
  type: number;
  firstTimeLogin: boolean;
}

export type Panel = 'sideMenu' | 'referral' | 'download' | 'guestPrompt';

interface SessionState {
  session: SessionInfo | null;
  hideBalance: boolean;
  panel: Panel | null;
  /**
   * A drop-down menu (the header's account menu) is open. Unlike a panel it leaves the page
   * usable; an operator's popup waits until it closes rather than open over it.
   */
  menuOpen: boolean;
  downloadBarHidden: boolean;
  /** Why the last session ended under the player (the server's reason), for the login screen. */
  ended: SessionEndReason | 'unknown' | null;
  setSession: (session: SessionInfo) => void;
  /** Forgets the session; `ended` when it ended under the player rather than by their logout. */
  clearSession: (ended?: SessionEndReason | 'unknown') => void;
  /** The login screen has said why. */
  forgetEnded: () => void;
  toggleHideBalance: () => void;
  openPanel: (panel: Panel) => void;
  closePanel: () => void;
  setMenuOpen: (open: boolean) => void;
  hideDownloadBar: () => void;
}

export function readSessionInfo(): SessionInfo | null {
  const value = readJson('session', STORAGE_KEYS.sessionInfo);
  if (!isRecord(value) || typeof value.token !== 'string' || value.token === '') return null;
  return {
    token: value.token,
    merchantCode: typeof value.merchantCode === 'string' ? value.merchantCode : '',
    userName: typeof value.userName === 'string' ? value.userName : '',
    type: typeof value.type === 'number' ? value.type : Number(value.type ?? 0) || 0,
    firstTimeLogin: value.firstTimeLogin === true,
  };
}

/** Hidden once closed, and always when running as an installed web app (spec §4). */
function readDownloadBarHidden(): boolean {
  if (isStandalone()) {
    writeStorage('local', STORAGE_KEYS.hideDownloadBar, '1');
    return true;
  }
  return readStorage('local', STORAGE_KEYS.hideDownloadBar) === '1';
}

export function initialSessionState() {
  return {
    session: readSessionInfo(),
    hideBalance: false,
    panel: null,
    menuOpen: false,
    downloadBarHidden: readDownloadBarHidden(),
    ended: null,
  } satisfies Partial<SessionState>;
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...initialSessionState(),
  setSession: (session) => {
    writeStorage('session', STORAGE_KEYS.sessionInfo, JSON.stringify(session));
    set({ session, ended: null });
  },
  clearSession: (ended) => {
    removeStorage('session', STORAGE_KEYS.sessionInfo);
    set({ session: null, hideBalance: false, ended: ended ?? null });
  },
  forgetEnded: () => set({ ended: null }),
  toggleHideBalance: () => set((state) => ({ hideBalance: !state.hideBalance })),
  openPanel: (panel) => set({ panel }),
  closePanel: () => set({ panel: null }),
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  hideDownloadBar: () => {
    writeStorage('local', STORAGE_KEYS.hideDownloadBar, '1');
    set({ downloadBarHidden: true });
  },
}));

/**
 * The session on a screen the route map declares for members: the router's guard lets no visitor
 * in, so a missing session here is a route map mistake, not a state to handle.
 */
export function useMemberSession(): SessionInfo {
  const session = useSessionStore((state) => state.session);
  if (!session) throw new Error('A member screen rendered without a session: check its access');
  return session;
}
