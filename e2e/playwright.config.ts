/**
 * Journeys in the system Chromium (Debian's package; never a downloaded browser) at a 360×640
 * phone viewport, against the built server on a fresh embedded database.
 *
 * One server for all. Journeys that switch site-wide operator settings (maintenance, region,
 * feature flags) change what every other journey sees, so they run in a project of their own,
 * one at a time, after the others. The rest run two side by side (E2E_WORKERS, default 2), each
 * with members of its own. One at a time was the default while the operator's popups (opened
 * once a session over home) could open mid-step over an open account menu or a tap that left
 * home; since issue 18 they wait for a browser's second entry to home, so a journey's first visit
 * (each starts in a fresh browser) has none, and two workers save about 50 s of CI's 15 minutes.
 * The journeys are spread one test at a time, not one file at a time (`fullyParallel`): each
 * journey makes its own members and nothing in a file hands state to the next test, and a long
 * file (accounts.spec.ts has eight journeys) no longer leaves the other worker idle at the end.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, testServerEnv } from './support/env';
import { localOidcPort } from './support/local-oidc';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khela-e2e-'));

/** The specs whose operator switches are seen by everyone on the server. */
const SITE_SWITCHES = [
  'system-status.spec.ts',
  'records.spec.ts',
  'member-centre.spec.ts',
  // LOGINIPVERF3 would ask every other journey's login for a code.
  'step-up.spec.ts',
  // Turns Google login on for the site.
  'social-login.spec.ts',
  'vip.spec.ts',
  'download.spec.ts',
];

/** Journeys that mostly wait on the clock (a simulated match playing out). */
const SLOW_JOURNEYS = ['sportsbook.spec.ts'];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A journey's whole time and each expectation's wait. At 30 s and 7 s, journeys on home timed
  // out on 2026-11-27 on the same commits that passed the day before on this machine: the same
  // steps, only slower. The assertions are unchanged; only the waiting is longer.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    ...devices['Pixel 5'],
    viewport: { width: 360, height: 640 },
    screen: { width: 360, height: 640 },
    locale: 'bn-BD',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // First, so its waits for matches to start and end (two to five minutes, mostly idle) run
    // beside the other journeys instead of after them: at 2026-11-27's CI it started 270 s in
    // and ran 244 s alone after the rest had ended.
    { name: 'sportsbook', testMatch: SLOW_JOURNEYS },
    {
      name: 'journeys',
      testIgnore: [...SITE_SWITCHES, ...SLOW_JOURNEYS],
      fullyParallel: true,
    },
    {
      name: 'site switches',
      testMatch: SITE_SWITCHES,
      workers: 1,
      // After every other journey, so no switch is seen by a journey that did not make it.
      dependencies: ['sportsbook', 'journeys'],
    },
  ],
  webServer: [
    {
      // The demo as `npm start` serves it: the seed, the server and the partners app.
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      reuseExistingServer: false,
      // A loaded machine (helpers' tests side by side) may need longer to seed and start.
      timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
      env: testServerEnv(E2E_PORT, dataDir),
    },
    {
      // The local OpenID provider Google login points at (social-login.spec.ts).
      command: 'npx tsx support/local-oidc-server.ts',
      url: `http://127.0.0.1:${localOidcPort(E2E_PORT)}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PORT: String(E2E_PORT) },
    },
  ],
});
