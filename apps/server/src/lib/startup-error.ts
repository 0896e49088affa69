/**
 * Start-up failures an operator fixes outside the code (a bad variable, a database or Redis that
 * does not answer): server.ts prints the message alone, with no stack, and exits 1.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** `host:port` of a service URL, never its user or password. */
function whereOf(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || defaultPort}`;
  } catch {
    return 'an unreadable URL';
  }
}

/** The first line of what went wrong, as the driver says it. */
function causeOf(error: unknown): string {
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim();
  if (first) return first;
  // node-postgres may reject with an AggregateError (one per address tried) and no message.
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'no answer';
}

/**
 * One line that says which service, where, which variable set it, what the driver said and what
 * to check: `Cannot reach PostgreSQL at 127.0.0.1:5433 (DATABASE_URL): connect ECONNREFUSED … —
 * is the server running and the URL right?`
 */
export function unreachable(
  service: 'PostgreSQL' | 'Redis',
  url: string,
  variable: string,
  error: unknown,
): StartupError {
  const where = whereOf(url, service === 'PostgreSQL' ? 5432 : 6379);
  return new StartupError(
    `Cannot reach ${service} at ${where} (${variable}): ${causeOf(error)} — is the server running and the URL right?`,
  );
}
