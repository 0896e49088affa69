/**
 * The one way the web app calls the server: adds the `language` query, the `token` header and
 * this browser's `X-Device-Id` (device-id.ts),
 * unwraps the `{ success, value }` envelope and throws an ApiError for anything else.
 * Responses are checked by the caller's parser (a contract schema or a light guard).
 */
import { DEVICE_ID_HEADER, deviceId } from './device-id';
import { FIRST_MESSAGES } from './first-messages';
import { currentLanguage } from './i18n';
import { useSessionStore } from './session-store';
import { isRecord } from './storage';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'network';

/** A contract schema (anything with `parse`) or a function that checks and returns the value. */
export type Parser<T> = { parse: (value: unknown) => T } | ((value: unknown) => T);

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  parse?: Parser<T>;
  signal?: AbortSignal;
}

type ApiErrorListener = (error: ApiError) => void;
const listeners = new Set<ApiErrorListener>();

/** Hears every failed call (maintenance, region block, expired session…); returns unsubscribe. */
export function onApiError(listener: ApiErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries({ language: currentLanguage(), ...query })) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

function runParser<T>(parse: Parser<T> | undefined, value: unknown): T {
  if (!parse) return value as T;
  return typeof parse === 'function' ? parse(value) : parse.parse(value);
}

async function request<T>(method: string, path: string, options: RequestOptions<T> = {}) {
  const language = currentLanguage();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [DEVICE_ID_HEADER]: deviceId(),
    ...options.headers,
  };
  const token = useSessionStore.getState().session?.token;
  if (token) headers.token = token;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || options.body instanceof URLSearchParams) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw fail(new ApiError(0, NETWORK_ERROR, FIRST_MESSAGES.loadFailed[language]));
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }

  if (isRecord(payload) && payload.success === true && response.ok) {
    try {
      return runParser(options.parse, payload.value);
    } catch {
      // The answer did not have the expected shape: treat it as an unknown server error.
      throw fail(
        new ApiError(response.status, 'system.unknown', FIRST_MESSAGES['system.unknown'][language]),
      );
    }
  }
  if (isRecord(payload) && payload.success === false && typeof payload.errorCode === 'string') {
    throw fail(
      new ApiError(
        response.status,
        payload.errorCode,
        typeof payload.message === 'string' && payload.message
          ? payload.message
          : FIRST_MESSAGES['system.unknown'][language],
        isRecord(payload.data) ? payload.data : undefined,
      ),
    );
  }
  // No envelope from a gateway error: the reverse proxy answering while the server restarts (a
  // deploy), so the player is told to come back shortly rather than "unknown error".
  const code = PROXY_RESTART_STATUSES.has(response.status) ? 'system.upgrading' : 'system.unknown';
  throw fail(new ApiError(response.status, code, FIRST_MESSAGES[code][language]));
}

const PROXY_RESTART_STATUSES = new Set([502, 503, 504]);

function fail(error: ApiError): ApiError {
  for (const listener of listeners) listener(error);
  return error;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
};

/** The session is gone (expired, revoked or never there): the shell logs out and asks to log in. */
export const SESSION_ENDED_CODES: readonly string[] = ['session.expired', 'session.notLoggedIn'];

/**
 * A 401 that means "no session", not any 401: a wrong password or a revoked remember-me token on
 * the login form also answers 401 and is handled by that form.
 */
export function isSessionEnded(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    SESSION_ENDED_CODES.includes(error.errorCode)
  );
}

/** Errors the shell handles itself (a page or a redirect), so no toast is shown for them. */
export function isHandledGlobally(error: unknown): boolean {
  return (
    isSessionEnded(error) ||
    (error instanceof ApiError &&
      (error.errorCode === 'system.maintenance' || error.errorCode === 'system.ipBlocked'))
  );
}
