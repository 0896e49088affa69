/**
 * The SQL functions' source files are what the database runs: for each file here, the newest
 * migration that defines the function must define it the same way (comments and whitespace
 * aside), and every function a migration defines has its file here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FUNCTIONS_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(FUNCTIONS_DIR, '../migrations');

const CREATE_FUNCTION = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)\s*\(/gi;

/** Every `CREATE FUNCTION` statement in `sql`, by name, up to the `;` after its body. */
function definitions(sql: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of sql.matchAll(CREATE_FUNCTION)) {
    const start = match.index;
    const open = /\$(\w*)\$/.exec(sql.slice(start));
    if (!open) throw new Error(`function ${match[1]} has no $$-quoted body`);
    const bodyStart = start + open.index + open[0].length;
    const close = sql.indexOf(open[0], bodyStart);
    const end = sql.indexOf(';', close);
    found.set(match[1]!.toLowerCase(), sql.slice(start, end + 1));
  }
  return found;
}

/** The statement's lines without `--` comments, blank lines and indentation. */
const normalise = (statement: string) =>
  statement
    .split('\n')
    .map((line) => line.replace(/--.*$/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** Migrations in the order they apply (their names sort as the journal does). */
const migrations = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => ({ file, sql: readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8') }));

/** Each function's newest definition in the migrations, and the migration it is in. */
const live = new Map<string, { file: string; statement: string }>();
for (const { file, sql } of migrations) {
  for (const [name, statement] of definitions(sql)) live.set(name, { file, statement });
}

const sources = readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => ({ file, sql: readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8') }));

describe('SQL functions as source', () => {
  it('finds the functions', () => {
    expect(sources.map((source) => source.file)).toContain('ledger_post.sql');
    expect(live.size).toBeGreaterThanOrEqual(3);
  });

  it.each(sources.map((source) => [source.file, source.sql] as const))(
    '%s is the newest migration definition',
    (file, sql) => {
      const name = file.replace(/\.sql$/, '');
      const own = definitions(sql);
      expect([...own.keys()], `${file} must define exactly the function ${name}`).toEqual([name]);
      const applied = live.get(name);
      if (!applied) {
        throw new Error(
          `No migration defines ${name}: add a migration that applies db/functions/${file}`,
        );
      }
      const want = normalise(own.get(name)!);
      const got = normalise(applied.statement);
      const at = want.findIndex((line, i) => line !== got[i]);
      if (at === -1 && want.length === got.length) return;
      const line = at === -1 ? Math.min(want.length, got.length) : at;
      throw new Error(
        [
          `db/functions/${file} differs from its newest migration, ${applied.file}, ` +
            `at statement line ${line + 1}:`,
          `  source:    ${want[line] ?? '(end)'}`,
          `  migration: ${got[line] ?? '(end)'}`,
          `The database runs the migration's. If the source is the intended change, add a ` +
            `migration that applies db/functions/${file} (npm run db:function-migration -w ` +
            `@khela/server -- ${name}); never edit an applied migration.`,
        ].join('\n'),
      );
    },
  );

  it('every function a migration defines has its source file', () => {
    const files = new Set(sources.map((source) => source.file));
    const missing = [...live.keys()].filter((name) => !files.has(`${name}.sql`));
    expect(missing, 'copy the newest definition to db/functions/<name>.sql').toEqual([]);
  });
});
