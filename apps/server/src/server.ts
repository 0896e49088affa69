/** Reads the configuration, builds the app, listens, and closes gracefully on a signal. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { probePostgres } from './db/client';
import { StartupError } from './lib/startup-error';
import { probeRedis } from './providers/cache/open-cache';

/** Configuration and the stores it names, checked before anything is built. */
async function start() {
  const config = loadConfig();
  await Promise.all([
    config.databaseUrl ? probePostgres(config.databaseUrl) : undefined,
    config.redisUrl ? probeRedis(config.redisUrl) : undefined,
  ]);
  return { config, app: await buildApp(config) };
}

const { config, app } = await start().catch((error: unknown) => {
  // A problem the operator fixes outside the code: its one clear line, no stack.
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
