import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { codeItems } from '../../db/schema/register.ts'

export interface CodeItemJson {
  id: string
  version: number
  category: string
  de: string
  fr: string
  it: string
}

export function codesOfCategory(db: Database, category: string): Promise<CodeItemJson[]> {
  return db
    .select({
      id: codeItems.id,
      version: codeItems.version,
      category: codeItems.category,
      de: codeItems.de,
      fr: codeItems.fr,
      it: codeItems.it,
    })
    .from(codeItems)
    .where(eq(codeItems.category, category))
    .orderBy(asc(codeItems.id))
}
