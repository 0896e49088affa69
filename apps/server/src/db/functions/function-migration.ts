/**
 * `npm run db:function-migration -w @khela/server -- NAME [NAME…]`: a new migration that applies
 * db/functions/NAME.sql as it is now. The files are the source; a migration is how a changed
 * function reaches the database (applied migrations are never edited).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FUNCTIONS_DIR = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ROOT = path.resolve(FUNCTIONS_DIR, '../../..');
const MIGRATIONS_DIR = path.join(FUNCTIONS_DIR, '../migrations');

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Usage: npm run db:function-migration -w @khela/server -- NAME [NAME…]');
  process.exit(2);
}
const sources = names.map((name) => {
  const file = path.join(FUNCTIONS_DIR, `${name}.sql`);
  if (!existsSync(file)) {
    console.error(`No db/functions/${name}.sql`);
    process.exit(2);
  }
  return { name, sql: readFileSync(file, 'utf8').trim() };
});

// drizzle-kit numbers the migration, adds it to the journal and copies the schema snapshot.
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', `${names[0]}_function`], {
  cwd: SERVER_ROOT,
  stdio: 'inherit',
});
const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};
const tag = journal.entries.at(-1)!.tag;
writeFileSync(
  path.join(MIGRATIONS_DIR, `${tag}.sql`),
  sources
    .map(
      ({ name, sql }) =>
        `-- Applies db/functions/${name}.sql (edit that file, not this one).\n${sql}\n`,
    )
    .join('--> statement-breakpoint\n'),
);
console.log(`Wrote migrations/${tag}.sql`);
