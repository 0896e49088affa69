/** Column types more than one module's tables use. Not a table file: index.ts leaves it out. */
import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (Postgres bytea); node-postgres gives a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});
