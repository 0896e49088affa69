/**
 * A Vite plugin both front ends build with (the player site, apps/web, and the console,
 * apps/console): writes .br and .gz siblings of every text asset in the build output, so the
 * server can answer with a pre-compressed file (preCompressed) instead of compressing on each
 * request. Runs last (closeBundle, order post) so files written by other plugins (the player
 * site's service worker) are compressed too. Build-time only: it imports nothing of ours, and
 * neither app's bundle contains it, so the rule that the two apps share no code is kept.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** `label` names the app in the build's log line. */
export function precompress(label = 'precompress'): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'khela:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const source = await readFile(file);
            const brotli = brotliCompressSync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            await writeFile(`${file}.br`, brotli);
            await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
          }),
        );
        config.logger.info(`${label}: wrote .br and .gz for ${files.length} files`);
      },
    },
  };
}
