// A Playwright reporter that says what each browser test cost the machine, beside
// its wall time, most expensive first, and the same summed per spec file:
//  - "own": the CPU time of the test's worker process and everything it started
//    (its Chromium, a MinIO and a server of its own when it runs one), read from
//    /proc/PID/stat, the time of processes that ended included (their parent's
//    cutime/cstime). The suite runs two workers: each test is charged its own
//    worker only, so the other worker's test at the same time does not count,
//    nor does other work on the machine: it is the figure to compare on a
//    shared machine. The shared bin/vitrine is not any one test's: its CPU over
//    the run is given once, beside the run's.
//  - "all": every process of the machine (/proc/stat) over the test's time; with
//    two workers it counts the other worker's test too.
// Each worker writes its pid where the reporter finds it (recordWorkerPid, called
// by e2e/playwright.config.ts, which every worker loads).
//
//   cd web && npx playwright test -c e2e/playwright.config.ts --reporter=line,./e2e/harness/cpu-reporter.ts
//
// writes web/test-results/e2e-cpu.txt (Linux only; elsewhere it writes nothing).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

const results = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results')
const out = path.join(results, 'e2e-cpu.txt')
const TICKS = 100 // USER_HZ on Linux
/** Set by the reporter for the workers it starts: the folder where each writes its pid. */
const PIDS_ENV = 'VITRINE_E2E_WORKER_PIDS'

/**
 * In a worker of a run with this reporter, writes the worker's pid to
 * <folder>/<worker index>. Playwright sets TEST_WORKER_INDEX before a worker loads
 * the config, so the config calls this; in the runner, or without the reporter,
 * it does nothing.
 */
export function recordWorkerPid() {
  const dir = process.env[PIDS_ENV]
  const index = process.env.TEST_WORKER_INDEX
  if (!dir || index === undefined) return
  try {
    fs.writeFileSync(path.join(dir, index), String(process.pid))
  } catch {
    // The figures are left out; the run goes on.
  }
}

/** Seconds of CPU the whole machine has spent so far (user, nice, system, irq, softirq). */
function busySeconds(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    return (user + nice + system + irq + softirq) / TICKS
  } catch {
    return undefined
  }
}

/**
 * Seconds of CPU spent so far by the process `root` and its descendants, those
 * that ended and were waited for included. Undefined without /proc.
 */
function treeSeconds(root: number): number | undefined {
  let names: string[]
  try {
    names = fs.readdirSync('/proc')
  } catch {
    return undefined
  }
  const procs = new Map<number, { ppid: number; ticks: number }>()
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // ended while we read
    }
    // The command's name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields[0] is the state (field 3); ppid is field 4, utime..cstime are fields 14..17.
    const ppid = Number(fields[1])
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
    procs.set(Number(name), { ppid, ticks })
  }
  if (!procs.has(root)) return undefined
  const children = new Map<number, number[]>()
  for (const [pid, p] of procs) {
    const list = children.get(p.ppid)
    if (list) list.push(pid)
    else children.set(p.ppid, [pid])
  }
  let ticks = 0
  const stack = [root]
  while (stack.length > 0) {
    const pid = stack.pop()!
    ticks += procs.get(pid)?.ticks ?? 0
    stack.push(...(children.get(pid) ?? []))
  }
  return ticks / TICKS
}

/** The pid of the worker `workerIndex`, as it wrote it; undefined if it did not. */
function workerPid(dir: string, workerIndex: number): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dir, String(workerIndex)), 'utf8'))
  } catch {
    return undefined
  }
}

/** The shared bin/vitrine among the runner's children (the global setup's), by its command line. */
function sharedServers(runner: number): number[] {
  let names: string[]
  try {
    names = fs.readdirSync('/proc')
  } catch {
    return []
  }
  const found: number[] = []
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== runner) continue
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes('serve')) found.push(Number(name))
    } catch {
      // ended while we read
    }
  }
  return found
}

type Row = { own: number; all: number; wall: number; name: string; file: string }

const fmt = (r: { own: number; all: number; wall: number }) =>
  `${r.own.toFixed(1).padStart(7)} s own ${r.all.toFixed(1).padStart(7)} s all ${r.wall.toFixed(1).padStart(6)} s wall`

export default class CpuReporter implements Reporter {
  private started = new Map<string, { pid: number; own: number; all: number; at: number }>()
  private rows: Row[] = []
  private runStart?: { all: number; at: number; load: string }
  private pids = path.join(results, 'e2e-worker-pids')
  /** Each worker's CPU (with what it started) when its first test began and when its last one ended. */
  private workers = new Map<number, { start: number; last: number }>()
  /** The shared server's pids, the CPU each had when the first test began and when one last ended. */
  private server = new Map<number, { start: number; last: number }>()

  onBegin() {
    const all = busySeconds()
    if (all !== undefined) this.runStart = { all, at: Date.now(), load: fs.readFileSync('/proc/loadavg', 'utf8').trim() }
    fs.rmSync(this.pids, { recursive: true, force: true })
    fs.mkdirSync(this.pids, { recursive: true })
    // The workers start after this and inherit it.
    process.env[PIDS_ENV] = this.pids
  }

  onTestBegin(test: TestCase, result: TestResult) {
    if (this.server.size === 0) {
      for (const pid of sharedServers(process.pid)) {
        const seconds = treeSeconds(pid) ?? 0
        this.server.set(pid, { start: seconds, last: seconds })
      }
    }
    const pid = workerPid(this.pids, result.workerIndex)
    const own = pid === undefined ? undefined : treeSeconds(pid)
    const all = busySeconds()
    if (pid === undefined || own === undefined || all === undefined) return
    this.started.set(test.id, { pid, own, all, at: Date.now() })
    if (!this.workers.has(pid)) this.workers.set(pid, { start: own, last: own })
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const start = this.started.get(test.id)
    const own = start && treeSeconds(start.pid)
    const all = busySeconds()
    for (const [pid, server] of this.server) server.last = treeSeconds(pid) ?? server.last
    if (!start || own === undefined || all === undefined) return
    this.workers.get(start.pid)!.last = own
    const file = path.basename(test.location.file)
    this.rows.push({ own: own - start.own, all: all - start.all, wall: (Date.now() - start.at) / 1000, name: `${file}:${test.location.line} ${test.title} (worker ${result.workerIndex})`, file })
  }

  onEnd(result: FullResult) {
    if (this.rows.length === 0) return
    const sum = (rows: Row[]) => rows.reduce((s, r) => ({ own: s.own + r.own, all: s.all + r.all, wall: s.wall + r.wall }), { own: 0, all: 0, wall: 0 })
    const byFile = new Map<string, Row[]>()
    for (const r of this.rows) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r])
    const files = [...byFile].map(([file, rows]) => ({ file, n: rows.length, ...sum(rows) })).sort((a, b) => b.own - a.own)
    const tests = [...this.rows].sort((a, b) => b.own - a.own)
    const total = sum(this.rows)
    const lines = ["By file (CPU of each test's worker and what it started, of the whole machine, wall time of its tests):"]
    for (const f of files) lines.push(`${fmt(f)}  ${f.file} (${f.n} tests)`)
    lines.push(`${fmt(total)}  (all ${this.rows.length} tests)`)
    // The shared server, from the first test's start to the last one's end.
    const spent = (m: Map<number, { start: number; last: number }>) => [...m.values()].reduce((s, { start, last }) => s + last - start, 0)
    const server = spent(this.server)
    if (this.server.size > 0) lines.push(`${server.toFixed(1).padStart(7)} s own${' '.repeat(29)}(the shared bin/vitrine, over the tests)`)
    // The run as a whole: its workers from their first test's start to their last
    // one's end (what ran between two tests included) and the shared server; the
    // machine's CPU and the wall time from the run's start, the global setup included.
    const all = busySeconds()
    if (this.runStart && all !== undefined) {
      lines.push(`${(spent(this.workers) + server).toFixed(1).padStart(7)} s own ${(all - this.runStart.all).toFixed(1).padStart(7)} s all ${((Date.now() - this.runStart.at) / 1000).toFixed(1).padStart(6)} s wall  (the run: ${this.workers.size} workers and the shared server; ${result.status})`)
    }
    lines.push(`load average at the start: ${this.runStart?.load ?? '?'}, at the end: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`)
    lines.push('', 'By test:')
    for (const r of tests) lines.push(`${fmt(r)}  ${r.name}`)
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, lines.join('\n') + '\n')
  }
}
