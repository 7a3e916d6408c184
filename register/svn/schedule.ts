import type { Database } from '../../db/client.ts'
import { sweep } from './sweep.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * Runs the sweep now and every hour (DESIGN §5). Several instances may sweep at once: each move
 * locks and re-checks its rows, so the second one finds nothing left to do.
 * Returns the stop function; the timer is unref'd so it never keeps the process alive.
 */
export function startSweep(db: Database, intervalMs = HOUR_MS): () => void {
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = running.then(async () => {
      try {
        const result = await sweep(db)
        if (result.untreated + result.expiredAe + result.deletable > 0) console.log('svn sweep:', result)
      } catch (error) {
        console.error('svn sweep failed:', error)
      }
    })
  }
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
