import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { exportFiles } from '../../db/schema/files.ts'
import { users } from '../../db/schema/register.ts'
import type { FileGenerationRequest } from '../../domain/files/generation.ts'
import { FILE_TYPES, type FileFormat } from '../../domain/files/types.ts'
import { addDays, zurichDay } from '../../domain/svn/dates.ts'
import { generateFile } from '../files/service.ts'

/** Who picks up files in the demo: insurer staff of 1001 and 1002, and the broker 4711 of 1003. */
const PICKERS = [
  { email: 'clerk@alpina.example', gsCode: '1001', maklerNr: undefined },
  { email: 'clerk@leman.example', gsCode: '1002', maklerNr: undefined },
  { email: 'broker@seeland.example', gsCode: '1003', maklerNr: '4711' },
] as const

/**
 * Files waiting for pickup (DESIGN §6), made by the real generation service after the demo SVN exist:
 * per picker and type an older XML file already downloaded (IV/AV and AE up to three days ago, untreated
 * SVN with references starting "POL-1"), and a newer CSV file of what is new since, not yet downloaded.
 */
export async function seedFilesDemo(db: Database, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date()
  const earlier = new Date(now.getTime() - 3 * 86_400_000)
  const recent = new Date(now.getTime() - 3_600_000)
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        PICKERS.map((p) => p.email),
      ),
    )
  let made = 0
  for (const picker of PICKERS) {
    const user = rows.find((u) => u.email === picker.email)
    if (!user) continue
    const actor = { userId: user.id, subject: user.idpSubject ?? user.email }
    const scope = { kind: 'insurer', gsCode: picker.gsCode, maklerNr: picker.maklerNr } as const
    for (const type of FILE_TYPES) {
      const first: FileGenerationRequest =
        type === 'SVN'
          ? { reload: false, referenz: 'POL-1' }
          : { reload: false, bis: addDays(zurichDay(now), -3) }
      const runs: [Date, FileFormat, FileGenerationRequest, boolean][] = [
        [earlier, 'XML', first, true],
        [recent, 'CSV', { reload: false }, false],
      ]
      for (const [at, format, request, downloaded] of runs) {
        const file = await generateFile(db, { type, format, request, scope, actor, at })
        if (downloaded) {
          await db
            .update(exportFiles)
            .set({ isDownloaded: true })
            .where(and(eq(exportFiles.id, file.id), eq(exportFiles.gsCode, picker.gsCode)))
        }
        made += 1
      }
    }
  }
  return made
}
