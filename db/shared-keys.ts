import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Database } from './client.ts'
import { isSealed, seal, unseal, type KeyRing } from './key-encryption.ts'
import { idpKeys } from './schema/idp.ts'

/**
 * A value every instance must agree on (signing keys, cookie keys, generated secrets), kept in the
 * `idp_keys` table. The first instance writes it (insert … on conflict do nothing) and every instance
 * uses what is stored, so two nodes starting at once still end up with one value (ADR 601).
 *
 * `legacyFile` (a file in DATA_DIR from before ADR 601) is imported once when the table has no value
 * yet, so an existing installation keeps its keys and secrets.
 *
 * Values are stored sealed under the key ring (db/key-encryption.ts, ADR 702); a plain row left by an
 * earlier version is still read (sealStoredValues seals it at start-up).
 */
export async function sharedValue<T>(
  db: Database,
  ring: KeyRing,
  name: string,
  create: () => T | Promise<T>,
  legacyFile?: string,
): Promise<T> {
  const read = async () => {
    const [row] = await db.select({ value: idpKeys.value }).from(idpKeys).where(eq(idpKeys.name, name))
    if (!row) return undefined
    return isSealed(row.value) ? unseal<T>(ring, name, row.value) : (row.value as T)
  }
  const stored = await read()
  if (stored !== undefined) return stored
  const value = (legacyFile ? await readLegacy<T>(legacyFile) : undefined) ?? (await create())
  await db
    .insert(idpKeys)
    .values({ name, value: seal(ring, name, value) })
    .onConflictDoNothing()
  const winner = await read()
  if (winner === undefined) throw new Error(`shared value ${name} could not be stored`)
  return winner
}

/** Contents of an old DATA_DIR key file: JSON when it parses, else the trimmed text (secrets). */
async function readLegacy<T>(file: string): Promise<T | undefined> {
  let text: string
  try {
    text = await readFile(path.resolve(file), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  try {
    return JSON.parse(text) as T
  } catch {
    return text.trim() as T
  }
}
