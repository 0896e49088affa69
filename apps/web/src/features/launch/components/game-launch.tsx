/**
 * Runs one launch request (lib/game-launch-store): asks the server where the game opens, then
 * navigates to our own pages (lottery, in-house games) or shows the vendor's page full-screen.
 * Closing ends the game session, leaves the player where they were and refreshes the balance.
 * Refusals (free_reject, a break) are toasts in the player's language. Mounted by the shell only
 * while a request is open, so none of this is in the first download.
 */
import { TOAST_MS } from '@khela/contract/constants';
import { opensInApp, type LaunchAnswer } from '@khela/contract/launch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, isHandledGlobally } from '../../../lib/api-client';
import type { GameLaunchRequest } from '../../../lib/game-launch-store';
import { showLoading, showToast } from '../../../lib/notify';
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

  if (!open) return null;
  const close = () => {
    // The frame goes at once; the session ends in the background (a bet after it is refused).
    closeGame(open.token).then(onMoneyMoved, onMoneyMoved);
    onDone();
  };
  return <GameFrame url={open.url} gameName={request.gameName} onClose={close} />;
}
