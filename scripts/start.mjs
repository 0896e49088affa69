// `npm run serve` (after `npm run build`, which `npm start` does first): the demo in one command.
// Seeds the demo data (skipping what exists), then runs the product's server and the partners
// app (the demo game vendor, the sportsbook, the sandbox payment gateway) side by side, and stops
// both on Ctrl-C, SIGTERM, or when either ends. The server reads demo.env (the sandbox gateway:
// play money), the environment winning over it; the sandbox's secret (PAYMENT_SANDBOX_SECRET, else
// one made once into DATA_DIR/payment-sandbox-secret) is handed to both. NODE_ENV=production
// seeds nothing, reads no demo.env and runs the server alone. `--dev` runs the sources with tsx,
// restarting on changes (`npm run dev`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const production = process.env.NODE_ENV === 'production';
const port = process.env.PORT ?? '3000';
const partnersPort = process.env.PARTNERS_PORT ?? '4318';
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
// Where players' browsers open the vendor's pages, and where they see the product.
const partnersUrl = process.env.PARTNERS_URL ?? `http://127.0.0.1:${partnersPort}`;
const productUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;

/** The secret the server and the sandbox gateway share: the environment's, else one kept on disk. */
function sandboxSecret() {
  if (process.env.PAYMENT_SANDBOX_SECRET) return process.env.PAYMENT_SANDBOX_SECRET;
  const file = path.join(dataDir, 'payment-sandbox-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    // First start: made below.
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
// The server calls the sandbox's API on this machine; players open its pages at PARTNERS_URL.
const sandbox = production
  ? {}
  : {
      PAYMENT_SANDBOX_URL: process.env.PAYMENT_SANDBOX_URL ?? `http://127.0.0.1:${partnersPort}`,
      PAYMENT_SANDBOX_SECRET: sandboxSecret(),
    };

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
/** [node arguments] of a program: its build, or its source under tsx (watched) with --dev. */
const program = (built, source, watch = true) =>
  dev ? [tsx, ...(watch ? ['watch'] : []), source] : [built];

const run = (args, env = {}) =>
  spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode ?? 1)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));

if (!production) {
  const seed = run(
    program('apps/server/dist/seed-demo.js', 'apps/server/src/seed-demo.ts', false),
    { PARTNERS_URL: partnersUrl, ...sandbox },
  );
  const code = await exited(seed);
  if (code !== 0) process.exit(code);
}

const demoEnv = production ? [] : ['--env-file=demo.env'];
const children = [
  run([...demoEnv, ...program('apps/server/dist/server.js', 'apps/server/src/server.ts')], sandbox),
];
if (!production) {
  const secret =
    process.env.DEMO_VENDOR_SECRET ??
    readFileSync(path.join(dataDir, 'demo-vendor-secret'), 'utf8').trim();
  children.push(
    run(program('apps/partners/dist/partners.js', 'apps/partners/src/partners.ts'), {
      PARTNERS_PORT: partnersPort,
      PARTNERS_URL: partnersUrl,
      PRODUCT_URL: productUrl,
      // The wallet is called on this machine, whatever address players use.
      PRODUCT_WALLET_URL: `http://127.0.0.1:${port}`,
      DEMO_VENDOR_SECRET: secret,
      SPORTSBOOK_VENDOR_SECRET:
        process.env.SPORTSBOOK_VENDOR_SECRET ??
        readFileSync(path.join(dataDir, 'sportsbook-vendor-secret'), 'utf8').trim(),
      PARTNERS_DATA_DIR: process.env.PARTNERS_DATA_DIR ?? path.join(dataDir, 'partners'),
      // The sandbox payment gateway, with the secret it shares with the server.
      PAYMENT_SANDBOX_SECRET: sandbox.PAYMENT_SANDBOX_SECRET,
    }),
  );
}

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
const codes = await Promise.all(
  children.map((child) =>
    exited(child).then((code) => {
      // One ended by itself: the demo is not whole without it.
      if (!stopping) process.exitCode = code || 1;
      stop('SIGTERM');
      return code;
    }),
  ),
);
process.exitCode ??= codes.find((code) => code !== 0) ?? 0;
