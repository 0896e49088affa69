/**
 * Runs one launch request (lib/game-launch-store): asks the server where the game opens, then
 * navigates to our own pages (lottery, in-house games) or shows the vendor's page full-screen.
 * Closing (the Close button, Escape or the phone's Back) ends the game session, leaves the player
 * on the screen the game was opened from and refreshes the balance.
 * Refusals (free_reject, a break) are toasts in the player's language. Mounted by the shell only
 * while a request is open, so none of this is in the first download.
 */
import { TOAST_MS } from '@khela/contract/constants';
import { opensInApp, type LaunchAnswer } from '@khela/contract/launch';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, isHandledGlobally } from '../../../lib/api-client';
import type { GameLaunchRequest } from '../../../lib/game-launch-store';
import { showLoading, showToast } from '../../../lib/notify';
import { isRecord } from '../../../lib/storage';
import { closeGame, launchGame } from '../api/launch-game';
import { GameFrame } from './game-frame';
import '../../../locales/games';

/** Refusals with a toast length of their own (spec §8: free_reject 2 s). */
const TOAST_FOR: Record<string, number> = {
  free_reject: TOAST_MS.freeReject,
  contact_service: TOAST_MS.contactService,
};

interface GameLaunchProps {
  request: GameLaunchRequest;
  /** The request is over: the game closed, or it opened elsewhere, or it was refused. */
  onDone: () => void;
  /** Money may have moved while the game was open. */
  onMoneyMoved: () => void;
}

export function GameLaunch({ request, onDone, onMoneyMoved }: GameLaunchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState<LaunchAnswer | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const hideLoading = showLoading(t('games.launching', { game: request.gameName }));
    launchGame(request.nodeId, controller.signal).then(
      (answer) => {
        hideLoading();
        request.onLaunched?.();
        if (opensInApp(answer)) {
          void navigate(answer.url);
          onDone();
        } else {
          setOpen(answer);
        }
      },
      (error: unknown) => {
        hideLoading();
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && !isHandledGlobally(error)) {
          showToast(error.message, 'error', TOAST_FOR[error.errorCode]);
        }
        onDone();
      },
    );
    return () => {
      controller.abort();
      hideLoading();
    };
    // One launch per request; the callbacks belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.id]);

  // The open frame has a history entry of its own, over the screen it was opened from: the
  // phone's Back takes that entry away and closes the game, leaving the player on that screen.
  const onEntry = isRecord(location.state) && location.state.gameOpen === request.id;
  const pushed = useRef(false);
  useEffect(() => {
    if (!open || pushed.current) return;
    pushed.current = true;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      {
        state: { ...(isRecord(location.state) ? location.state : {}), gameOpen: request.id },
        preventScrollReset: true,
      },
    );
  }, [open, location, navigate, request.id]);
  const end = () => {
    // The frame goes at once; the session ends in the background (a bet after it is refused).
    if (open) closeGame(open.token).then(onMoneyMoved, onMoneyMoved);
    onDone();
  };
  const endOnLeaving = useEffectEvent(end);
  useEffect(() => {
    // Back (or any navigation) left the game's entry: the game is over.
    if (pushed.current && !onEntry) endOnLeaving();
  }, [onEntry]);

  if (!open) return null;
  // Closing goes back off the game's entry, which ends the game above.
  const close = () => (onEntry ? void navigate(-1) : end());
  return <GameFrame url={open.url} gameName={request.gameName} onClose={close} />;
}
