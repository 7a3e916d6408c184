import sharp from 'sharp'
import { LOGO_BOX, LOGO_MAX_BYTES } from '../../domain/logo.ts'

// One limit for the portal's check and the register's (spec §5 "Logo file").
export { LOGO_MAX_BYTES }

/** Refuse absurd dimensions before decoding (a small file can still unpack to gigapixels). */
const MAX_INPUT_PIXELS = 50_000_000

export const LOGO_ERRORS = {
  sizeExceeded: 'file.size.exceeded',
  type: 'file.type',
  unreadable: 'file.unreadable',
  required: 'file.required',
} as const
export type LogoError = (typeof LOGO_ERRORS)[keyof typeof LOGO_ERRORS]

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff])

/** The type by content, not by name or the browser's claim (DESIGN §5 "Logo"). */
export function sniffImageType(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png'
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg'
  return null
}

export type ProcessedLogo =
  { ok: true; bytes: Buffer; mimeType: 'image/png' | 'image/jpeg' } | { ok: false; error: LogoError }

/**
 * Decodes and re-encodes the upload, so what is stored and served is an image we wrote ourselves
 * (no metadata, no polyglot payload): PNG stays PNG (keeps transparency), JPEG stays JPEG;
 * EXIF orientation is applied, then it is scaled down to fit LOGO_BOX.
 */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, error: LOGO_ERRORS.sizeExceeded }
  const type = sniffImageType(bytes)
  if (!type) return { ok: false, error: LOGO_ERRORS.type }
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
    const out =
      type === 'png'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
        : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer()
    return { ok: true, bytes: out, mimeType: type === 'png' ? 'image/png' : 'image/jpeg' }
  } catch {
    // Right magic bytes, but not a decodable image (truncated, corrupt, too many pixels).
    return { ok: false, error: LOGO_ERRORS.unreadable }
  }
}
