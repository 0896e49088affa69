/**
 * The console's build checks: the script of a first load (the entry and every chunk it imports
 * statically: the shell, the sign-in, the libraries) must stay within the budget in gzip
 * (issue 20: 300 kB), and every text asset gets .br and .gz siblings so the server answers with
 * a pre-compressed file instead of compressing on each request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

export const FIRST_LOAD_BUDGET_BYTES = 300 * 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

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

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export function consoleBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'khela-console:bundle',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is OutputChunk => item.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        if (firstLoad.has(fileName)) return;
        firstLoad.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      const gzip = (fileName: string) => gzipSync(byName.get(fileName)?.code ?? '').length;
      const first = [...firstLoad].reduce((sum, fileName) => sum + gzip(fileName), 0);
      const all = chunks.reduce((sum, chunk) => sum + gzip(chunk.fileName), 0);
      config.logger.info(
        `console script: first load ${kB(first)} gzip (${firstLoad.size} files, budget ${kB(FIRST_LOAD_BUDGET_BYTES)}); every screen ${kB(all)} gzip`,
      );
      if (first > FIRST_LOAD_BUDGET_BYTES) {
        this.error(
          `console first load ${kB(first)} gzip is over the ${kB(FIRST_LOAD_BUDGET_BYTES)} budget`,
        );
      }
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
      },
    },
  };
}
