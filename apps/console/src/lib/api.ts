/**
 * The one way the console calls the server: same-origin with the session cookie, the language as
 * Accept-Language, the CSRF token on every non-GET call, the `{ success, value }` envelope
 * unwrapped and anything else thrown as an ApiError carrying the envelope's message. A 401 tells
 * the session (lib/session.ts) so the shell shows the login screen.
 */
import { CSRF_HEADER } from '@khela/contract/backoffice/operators';

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

/** A contract schema (anything with `parse`) or nothing (the value as it came). */
export type Parser<T> = { parse: (value: unknown) => T };

type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue>;

export interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  parse?: Parser<T>;
  signal?: AbortSignal;
}

let csrfToken: string | undefined;
let language: 'EN' | 'BN' = 'EN';
const unauthorizedListeners = new Set<() => void>();

/** The session's CSRF token (from login or /auth/me), sent on every non-GET call. */
export function setCsrfToken(token: string | undefined) {
  csrfToken = token;
}
export function setApiLanguage(next: 'EN' | 'BN') {
  language = next;
}
/** Hears every 401: the session is gone, the login screen takes over. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A path with the query written in (empty values left out); also used for CSV links. */
export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries<QueryValue>(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const FALLBACK = {
  EN: { network: 'The server could not be reached. Try again.', unknown: 'Something went wrong.' },
  BN: { network: 'সার্ভারে পৌঁছানো গেল না। আবার চেষ্টা করুন।', unknown: 'কিছু একটা ভুল হয়েছে।' },
} as const;

async function request<T>(method: string, path: string, options: RequestOptions<T> = {}) {
  // The language travels as a header: the operator API's query schemas are strict, and not all
  // of them name a language.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language.toLowerCase(),
  };
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', FALLBACK[language].network);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (response.status === 401) for (const listener of unauthorizedListeners) listener();
  if (isRecord(payload) && payload.success === true && response.ok) {
    const value = payload.value;
    return options.parse ? options.parse.parse(value) : (value as T);
  }
  if (isRecord(payload) && payload.success === false && typeof payload.errorCode === 'string') {
    throw new ApiError(
      response.status,
      payload.errorCode,
      typeof payload.message === 'string' && payload.message
        ? payload.message
        : FALLBACK[language].unknown,
      isRecord(payload.data) ? payload.data : undefined,
    );
  }
  throw new ApiError(response.status, 'system.unknown', FALLBACK[language].unknown);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, { ...options, body: body ?? {} }),
  /** No body (nor Content-Type): the server refuses an empty JSON body. */
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
};

/** The message to show for a failed call. */
export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : FALLBACK[language].unknown;
