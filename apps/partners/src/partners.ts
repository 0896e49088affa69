/** Reads the configuration, builds the partners app, listens, and closes gracefully on a signal. */
import closeWithGrace from 'close-with-grace';
import { buildPartnersApp } from './app';
import { loadPartnersConfig } from './config';

const config = (() => {
  try {
    return loadPartnersConfig();
  } catch (error) {
    // A problem the operator fixes outside the code: its one clear line, no stack.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
})();
const app = await buildPartnersApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
