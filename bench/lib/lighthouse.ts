/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on a page of the running
 * app, in the system Chromium. Each run is a first visit, as a player's phone makes it: a new
 * browser with a profile of its own, so no run finds the service worker, cache or storage an
 * earlier run left. Also weighs every script the page loaded, our own files gzipped at level 9
 * as the budget counts them: the entry, the shell and the route's lazy chunks alike.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** Our scripts the page loaded, gzip -9 of each built file. */
  scripts: Array<{ url: string; gzipBytes: number }>;
  scriptGzipBytes: number;
}

export interface LighthouseResult {
  url: string;
  runs: LighthouseRun[];
  /** The run with the median score. */
  median: LighthouseRun;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string) {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** `webDist` is the Vite output, `base` its public base ('/m/'). */
export async function runLighthouse(
  url: string,
  webDist: string,
  base: string,
  times = 3,
): Promise<LighthouseResult> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < times; i += 1) runs.push(await firstVisit(url, webDist, base));
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return { url, runs, median: sorted[Math.floor(sorted.length / 2)]! };
}

/** One Lighthouse run in a browser started for it on an empty profile, removed afterwards. */
async function firstVisit(url: string, webDist: string, base: string): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'khela-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const requests =
      (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)
        ?.items ?? [];
    const origin = new URL(url).origin;
    const scripts = requests
      .filter((request) => request.resourceType === 'Script' && request.url.startsWith(origin))
      .map((request) => {
        const pathname = new URL(request.url).pathname;
        const file = path.join(webDist, decodeURIComponent(pathname.slice(base.length)));
        const gzipBytes =
          pathname.startsWith(base) && existsSync(file)
            ? gzipSync(readFileSync(file), { level: 9 }).length
            : 0;
        return { url: pathname, gzipBytes };
      });
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      scripts,
      scriptGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
