import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, helpItems } from '../../db/schema/system';

export const systemRepository = {
  countries(db: DbOrTx) {
    return db.select().from(countries).orderBy(asc(countries.sort), asc(countries.nameEn));
  },
  helpItems(db: DbOrTx, language: string) {
    return db
      .select({ title: helpItems.title, content: helpItems.content })
      .from(helpItems)
      .where(eq(helpItems.language, language))
      .orderBy(asc(helpItems.sort));
  },
};
