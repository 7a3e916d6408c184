/**
 * Request body limits of the whole system (issue 17 item 4, ADR 711) and the one way to enforce them:
 * the body is read as a stream and counted; nothing beyond the limit is kept. A refused body is read
 * on and thrown away (bounded) before the answer goes out, so a browser that is still sending sees
 * the answer instead of a reset connection (item 5).
 */

const KiB = 1024
const MiB = 1024 * KiB

/** Portal forms other than the uploads: a few kilobytes in practice; 1 MiB leaves ample room. */
export const PORTAL_FORM_LIMIT = 1 * MiB
/** The upload routes (logo, mass import): the 10 MiB file cap plus room for the other form fields. */
export const UPLOAD_BODY_LIMIT = 11 * MiB
/** Register JSON (and any other type) except its two upload routes. */
export const REGISTER_BODY_LIMIT = 64 * KiB
/** The identity provider's forms and token requests (the provider itself stops at 56 KiB). */
export const IDP_BODY_LIMIT = 64 * KiB

/** A refused body is read on and dropped up to this much, so the browser gets to read the answer... */
export const DRAIN_MAX_BYTES = 64 * MiB
/** ...and for at most this long; beyond either the connection is closed. */
export const DRAIN_MAX_MS = 30_000

/** Whether the Content-Length header announces more than the limit (a missing or odd header: no). */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  if (contentLength === null || contentLength === undefined || !/^\d+$/.test(contentLength.trim()))
    return false
  return Number(contentLength) > limit
}

export type LimitedBody = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; drained: boolean }

export interface DrainBounds {
  maxBytes: number
  maxMs: number
}

const DRAIN: DrainBounds = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS }

/**
 * Reads the stream to its end keeping at most `limit` bytes. Over the limit: calls `onOverflow` (e.g. to
 * cancel a tee'd copy that would otherwise buffer the rest), reads on and drops the rest (within the
 * drain bounds) and answers `ok: false`; `drained` tells whether the body was read to its end (false:
 * the caller should close the connection).
 */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
  options: { onOverflow?: () => void; drain?: DrainBounds } = {},
): Promise<LimitedBody> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0) }
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      options.onOverflow?.()
      return { ok: false, drained: await drainReader(reader, options.drain ?? DRAIN) }
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, bytes }
}

/** Reads the whole stream and drops it, within the drain bounds. true: it ended; false: it was cancelled. */
export async function drainStream(
  stream: ReadableStream<Uint8Array> | null,
  drain: DrainBounds = DRAIN,
): Promise<boolean> {
  if (!stream) return true
  return drainReader(stream.getReader(), drain)
}

async function drainReader(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  drain: DrainBounds,
): Promise<boolean> {
  let dropped = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), drain.maxMs)
  })
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout])
      if (next === 'timeout') break
      if (next.done) return true
      dropped += next.value.byteLength
      if (dropped > drain.maxBytes) break
    }
    await reader.cancel().catch(() => {})
    return false
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
