import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { appContext } from './lib/context.ts'
import { errorText } from '../domain/log.ts'
import { getLocale, pageTexts } from './lib/i18n.server.ts'
import { NonceProvider } from './lib/nonce.tsx'
import { TextsProvider } from './lib/texts.tsx'
import { answerUnavailable, noteError } from './lib/unavailable.server.ts'

export { appContext }
// Spans of loaders and actions (ADR 950): React Router reads `instrumentations` from this module.
export { instrumentations } from './lib/telemetry.server.ts'

export const streamTimeout = 5_000

/** Loader and action errors: a dependency that is down gets the 503 page (ADR 602), others are logged. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (!request.signal.aborted) noteError(error)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce } = loadContext.get(appContext)
  responseStatusCode = answerUnavailable(routerContext, responseHeaders, responseStatusCode)
  const texts = pageTexts(getLocale(loadContext))
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Bots and no-JS clients get the whole document at once; the HTML is the same either way.
    const readyOption =
      isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady'
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <TextsProvider value={texts}>
          <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
        </TextsProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(errorText(error))
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
