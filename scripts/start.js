// @ts-check
/**
 * `npm start`: builds what is missing or older than its sources (scripts/build-stale.js) and runs the
 * built server, with no TypeScript loader (ADR 960). Plain JavaScript: it runs before anything is built.
 */
import { pathToFileURL } from 'node:url'
import { SERVER_BUNDLE } from './build-server.js'
import { buildStale } from './build-stale.js'

await buildStale()

// NODE_ENV is left as the operator set it: unset on a fresh clone means the demo on localhost, while
// an explicit NODE_ENV=production means production (ADR 700). The server runs as production either way.
await import(pathToFileURL(SERVER_BUNDLE).href)
