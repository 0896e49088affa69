/**
 * One chunk for what the home page runs first beyond the entry: the shell and the home route and
 * everything they import statically (about two dozen modules). Split the default way they were
 * two dozen files of 0.2 to 37 KiB, which a slow 4G phone fetches a few at a time, a round trip
 * each; as one file they come down in one go and compress better. The entry's own modules stay
 * in the entry.
 *
 * "Import statically" follows every import, so a package's index brings all the modules it
 * re-exports, also those home never calls: any another screen does call would be put here, on
 * home's critical path, and fetched from here. Those are named in `notOnHome` and left to the
 * default split (should home call one after all, it comes as a file of its own, which index.html
 * preloads and the budget counts: slower, never broken).
 */
import path from 'node:path';

interface ModuleInfoLike {
  importedIds: readonly string[];
}

interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

/**
 * The chunking group: modules the shell and the home route import statically, less those the
 * entry imports (its dependencies stay where they are, in the entry).
 */
export function homeChunk(
  entry: string,
  lazyRootModules: readonly string[],
  notOnHome: readonly RegExp[] = [],
  {
    name = 'home',
    after = [],
  }: {
    /** The chunk's name. */
    name?: string;
    /** Roots of a chunk that comes before this one: their modules stay there. */
    after?: readonly string[];
  } = {},
) {
  let members: Set<string> | undefined;
  const reach = (ctx: ChunkingContextLike, roots: readonly string[], skip = new Set<string>()) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || skip.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    name: (id: string, ctx: ChunkingContextLike) => {
      if (!members) {
        const root = process.cwd();
        const inEntry = reach(ctx, [path.resolve(root, entry)]);
        const before = after.length
          ? reach(
              ctx,
              after.map((module) => path.resolve(root, module)),
              inEntry,
            )
          : new Set<string>();
        const roots = lazyRootModules.map((module) => path.resolve(root, module));
        members = reach(ctx, roots, new Set([...inEntry, ...before]));
      }
      return members.has(id) && !notOnHome.some((pattern) => pattern.test(id)) ? name : null;
    },
    includeDependenciesRecursively: false,
  };
}
