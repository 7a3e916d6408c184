import type { MiddlewareFunction } from 'react-router'

/** Portal pages carry personal data: no cache may keep them unless a route says otherwise (logo). */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next()
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store')
  return response
}
