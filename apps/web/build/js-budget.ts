/**
 * Reports the JavaScript weight of the home screen after each build (gzip, level 9):
 * - critical path: the entry script and the chunks index.html preloads, before anything runs;
 * - first render of /m/home: that plus the lazy root (shell) and home route modules and their
 *   static imports, which the router fetches in parallel once the entry runs.
 * The build fails when the critical path is over the budget.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const CRITICAL_JS_BUDGET_BYTES = 120 * 1024;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  moduleIds: readonly string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function jsBudget(lazyRootModules: readonly string[]): Plugin {
  return {
    name: 'khela:js-budget',
    apply: 'build',
    enforce: 'post',
    writeBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const closure = (start: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
        };
        for (const name of start) visit(name);
        return seen;
      };
      const gzipOf = (names: Iterable<string>) =>
        [...names].reduce(
          (sum, name) => sum + gzipSync(chunks.get(name)?.code ?? '', { level: 9 }).length,
          0,
        );

      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      const critical = closure(entries);
      const lazyRoots = [...chunks.values()]
        // The home chunk holds both lazy roots (build/home-chunk.ts), so look at its modules.
        .filter((c) => lazyRootModules.some((m) => c.moduleIds.some((id) => id.endsWith(m))))
        .map((c) => c.fileName);
      const firstRender = closure([...critical, ...lazyRoots]);

      const criticalBytes = gzipOf(critical);
      this.info(
        `home critical-path JS (entry + static imports, gzip): ${kb(criticalBytes)} in ${critical.size} file(s); ` +
          `first render of /m/home incl. lazy shell and route: ${kb(gzipOf(firstRender))} in ${firstRender.size} file(s)`,
      );
      if (criticalBytes > CRITICAL_JS_BUDGET_BYTES) {
        this.error(`critical-path JS ${kb(criticalBytes)} is over ${kb(CRITICAL_JS_BUDGET_BYTES)}`);
      }
    },
  };
}
