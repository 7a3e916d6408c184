import { buildServer } from '../../scripts/build-server.js'

/**
 * Global setup of the tests that start the built server (after-build, ops): the server bundle from the
 * current sources, as `npm run build` makes it (ADR 960); the portal build is theirs to make first.
 */
export async function setup() {
  await buildServer()
}
