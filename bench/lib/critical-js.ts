/**
 * The home route's critical-path JavaScript: every script the built index.html loads (module or
 * classic, `src` under the base) and every module it preloads, gzipped at level 9 and summed.
 * Chunks loaded later by dynamic import are not on the critical path and are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptFile {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export type CriticalJs =
  | { built: false; reason: string }
  | { built: true; files: ScriptFile[]; missing: string[]; rawBytes: number; gzipBytes: number };

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1];
    if (name) found.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** The script URLs on the critical path of `html`, in document order, without duplicates. */
export function criticalScriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(TAG)) {
    const tag = match[1]?.toLowerCase();
    const attrs = attributes(match[2] ?? '');
    const url =
      tag === 'script'
        ? attrs.get('src')
        : attrs.get('rel')?.toLowerCase().split(/\s+/).includes('modulepreload')
          ? attrs.get('href')
          : undefined;
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/**
 * `webDist` is the Vite output folder, `base` the public base it was built with ('/m/'); paths in
 * messages are shown relative to `root`.
 */
export function measureCriticalJs(webDist: string, base: string, root: string): CriticalJs {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) {
    return { built: false, reason: `${path.relative(root, indexHtml)} not found` };
  }
  const files: ScriptFile[] = [];
  const missing: string[] = [];
  for (const url of criticalScriptUrls(readFileSync(indexHtml, 'utf8'))) {
    const pathname = url.split(/[?#]/)[0] ?? url;
    if (!pathname.startsWith(base)) {
      // Another origin or outside the app: not ours to weigh, but say so.
      missing.push(`${url} (outside ${base})`);
      continue;
    }
    const file = path.join(webDist, decodeURIComponent(pathname.slice(base.length)));
    if (!file.startsWith(webDist + path.sep) || !existsSync(file)) {
      missing.push(`${url} (no file in dist)`);
      continue;
    }
    const content = readFileSync(file);
    files.push({
      url,
      rawBytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    });
  }
  return {
    built: true,
    files,
    missing,
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}
