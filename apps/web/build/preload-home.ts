/**
 * Adds `<link rel="modulepreload">` for the lazy shell and home route chunks (and what they
 * import), and a style preload for their CSS, to index.html. The router only asks for them once the entry has run; on slow 4G that
 * waits a whole round trip after the entry arrives. Preloaded, they come down beside it. Home is
 * where nearly every visit starts, so its chunks are worth fetching on every page.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  moduleIds: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function preloadHome(lazyRootModules: readonly string[]): Plugin {
  return {
    name: 'khela:preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk') chunks.set(item.fileName, item);
        }
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
        };
        // The entry's own static imports are in index.html already.
        const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
        for (const entry of entries) visit(entry.fileName);
        const already = new Set(seen);
        for (const chunk of chunks.values()) {
          // The home chunk holds both (build/home-chunk.ts): look at its modules.
          if (lazyRootModules.some((module) => chunk.moduleIds.some((id) => id.endsWith(module)))) {
            visit(chunk.fileName);
          }
        }
        const base = context.server ? '/' : '/m/';
        const wanted = [...seen].filter((name) => !already.has(name));
        // Their styles too: the dynamic import waits for them before the screen renders.
        const styles = new Set(
          wanted.flatMap((name) => [...(chunks.get(name)?.viteMetadata?.importedCss ?? [])]),
        );
        return [
          ...wanted.map((name): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${name}` },
            injectTo: 'head',
          })),
          ...[...styles].map((name): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${name}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}
