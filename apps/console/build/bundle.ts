/**
 * The console's build check: the script of a first load (the entry and every chunk it imports
 * statically: the shell, the sign-in, the libraries) must stay within the budget in gzip
 * (issue 20: 300 kB). The .br and .gz siblings come from the shared precompress plugin
 * (packages/build/precompress.ts), as the player site's do.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

export const FIRST_LOAD_BUDGET_BYTES = 300 * 1024;
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
  };
}
