/**
 * CPU time from Linux /proc, to say where a benchmark's cores went: the server (with its cluster workers),
 * PostgreSQL (every backend, and those that ended) and the load generator. Null where there is no /proc.
 */
import { readdirSync, readFileSync } from 'node:fs'

export interface ProcessStat {
  pid: number
  ppid: number
  command: string
  /** User + system time of the process itself, ms. */
  ownMs: number
  /** User + system time of its children that ended and were waited for, ms. */
  reapedMs: number
}

const TICK_MS = 10 // USER_HZ is 100 on Linux

/** One line of /proc/<pid>/stat; the command may hold spaces and parentheses, so it ends at the last ")". */
export function parseStat(line: string): ProcessStat {
  const open = line.indexOf('(')
  const close = line.lastIndexOf(')')
  const after = line.slice(close + 2).split(' ') // from field 3 (state) on
  const field = (n: number) => Number(after[n - 3])
  return {
    pid: Number(line.slice(0, open).trim()),
    ppid: field(4),
    command: line.slice(open + 1, close),
    ownMs: (field(14) + field(15)) * TICK_MS,
    reapedMs: (field(16) + field(17)) * TICK_MS,
  }
}

function stat(pid: number | 'self'): ProcessStat | null {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

function allStats(): ProcessStat[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  return entries.filter((name) => /^\d+$/.test(name)).flatMap((name) => stat(Number(name)) ?? [])
}

/** A process and its live descendants (a node:cluster primary with its workers), ms; null if it is gone. */
export function treeCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null
  const all = allStats()
  if (!all.some((s) => s.pid === pid)) return null
  const inTree = new Set([pid])
  // /proc lists parents before their children as a rule, but not always: repeat until nothing joins.
  for (let grew = true; grew;) {
    grew = false
    for (const s of all)
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid)
        grew = true
      }
  }
  return all.reduce((total, s) => total + (inTree.has(s.pid) ? s.ownMs : 0), 0)
}

/**
 * Every `postgres` process on this machine, with what the postmaster reaped from backends that ended;
 * null when none is visible (PostgreSQL elsewhere or in another PID namespace).
 */
export function postgresCpuMs(): number | null {
  const postgres = allStats().filter((s) => s.command === 'postgres')
  if (postgres.length === 0) return null
  return postgres.reduce((sum, s) => sum + s.ownMs + s.reapedMs, 0)
}

/** This process and the children it has waited for (wrk, once a run ends), ms. */
export function selfAndReapedCpuMs(): number | null {
  const s = stat('self')
  return s && s.ownMs + s.reapedMs
}
