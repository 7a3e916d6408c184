/**
 * `node --import tsx bench/lib/bare-cluster.ts <server build> <workers>`: the bare app's
 * `react-router-serve` in N node:cluster workers on one PORT, as the portal runs WEB_CONCURRENCY
 * workers (ADR 522): the yardstick of what a second worker can add on this machine (ADR 532).
 */
import cluster from 'node:cluster'

if (cluster.isPrimary) {
  const workers = Array.from({ length: Number(process.argv[3] ?? 1) }, () => cluster.fork())
  // SIGKILL: a worker's own SIGTERM handler (react-router-serve's) closes its server gracefully, and
  // the primary's `worker.kill()` would wait for that; nothing here needs a graceful end.
  process.once('SIGTERM', () => {
    for (const worker of workers) worker.process.kill('SIGKILL')
    process.exit(0)
  })
  // A worker that dies would turn the N-worker figure into a smaller one: end, so the bench fails.
  cluster.on('exit', () => process.exit(1))
} else {
  // A worker's argv is the primary's: argv[2] is the server build react-router-serve loads.
  // The CLI serves when loaded (bench/ssr.ts runs the same file for one worker).
  await import(new URL('../../node_modules/@react-router/serve/bin.js', import.meta.url).href)
}
