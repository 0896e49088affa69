/**
 * Toasts and the loading indicator, callable from anywhere (query callbacks included).
 * Durations come from the contract: TOAST_MS and LOADING_MS.
 */
import { LOADING_MS, TOAST_MS } from '@khela/contract/constants';
import { create } from 'zustand';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

interface Loading {
  id: number;
  message: string;
}

interface NotifyState {
  toasts: Toast[];
  loading: Loading | null;
}

export const useNotifyStore = create<NotifyState>()(() => ({ toasts: [], loading: null }));

let nextId = 1;

const DEFAULT_MS: Record<ToastKind, number> = {
  info: TOAST_MS.default,
  success: TOAST_MS.success,
  // Errors stay a little longer so they can be read.
  error: TOAST_MS.short,
};

export function showToast(message: string, kind: ToastKind = 'info', durationMs?: number): number {
  const id = nextId++;
  useNotifyStore.setState((state) => ({ toasts: [...state.toasts, { id, message, kind }] }));
  setTimeout(() => dismissToast(id), durationMs ?? DEFAULT_MS[kind]);
  return id;
}

export function dismissToast(id: number): void {
  useNotifyStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
}

/** Shows the loading indicator; it hides itself after `durationMs` if nobody hides it sooner. */
export function showLoading(message: string, durationMs: number = LOADING_MS.default): () => void {
  const id = nextId++;
  useNotifyStore.setState({ loading: { id, message } });
  const hide = () => {
    if (useNotifyStore.getState().loading?.id === id) useNotifyStore.setState({ loading: null });
  };
  setTimeout(hide, durationMs);
  return hide;
}
