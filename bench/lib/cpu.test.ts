import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { parseStat, postgresCpuMs, selfAndReapedCpuMs, treeCpuMs } from './cpu.ts'

describe('parseStat', () => {
  it('reads the fields after a command that holds spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const line = '4242 (node (worker) 1) S 4200 4242 4242 0 -1 4194304 100 0 0 0 350 25 7 3 20 0 11 0'
    expect(parseStat(line)).toEqual({
      pid: 4242,
      ppid: 4200,
      command: 'node (worker) 1',
      ownMs: 3750,
      reapedMs: 100,
    })
  })
})

describe.runIf(process.platform === 'linux')('CPU from /proc', () => {
  it('counts this process and, once waited for, a child that burned CPU', () => {
    const before = selfAndReapedCpuMs()!
    execFileSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);'])
    expect(selfAndReapedCpuMs()! - before).toBeGreaterThanOrEqual(200)
  })

  it('counts a process tree, and nothing for a process that is not there', () => {
    expect(treeCpuMs(process.pid)).toBeGreaterThan(0)
    expect(treeCpuMs(2 ** 22 + 1)).toBeNull()
    expect(treeCpuMs(undefined)).toBeNull()
  })

  it('gives PostgreSQL the CPU its processes used, where they are visible', () => {
    const ms = postgresCpuMs()
    if (ms !== null) expect(ms).toBeGreaterThan(0) // the postmaster has at least started its workers
  })
})
