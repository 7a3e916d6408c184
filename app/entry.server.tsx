import { PassThrough } from 'node:stream'
import { arrayBuffer } from 'node:stream/consumers'
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
    const timer = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <TextsProvider value={texts}>
          <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
        </TextsProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
        // Every loader has answered before the render starts and nothing on a page suspends on the
        // server, so the shell is the whole page: it is collected and sent as one buffer, not passed on
        // in React's 4 KB chunks through a web stream with a socket write each (ADR 527).
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          const body = new PassThrough()
          pipe(body)
          arrayBuffer(body).then((html) => {
            clearTimeout(timer)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            // Said, since a Response does not: the adapter then writes it without chunked framing.
            responseHeaders.set('Content-Length', String(html.byteLength))
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
          }, reject)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(errorText(error))
        },
      },
    )
  })
}
