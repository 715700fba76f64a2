// A Playwright reporter that says what each browser test cost the machine, beside
// its wall time, most expensive first, and the same summed per spec file:
//  - "own": the CPU time of the run's own processes (the runner and everything it
//    started: the workers, Chromium, bin/vitrine, MinIO), read from /proc/PID/stat
//    of the runner's process tree, the time of processes that ended included
//    (their parent's cutime/cstime). Other work on the machine does not count,
//    so it is the figure to compare on a shared machine.
//  - "all": every process of the machine (/proc/stat), as before.
// The suite runs one test at a time, so each figure is that test's own; it is
// how `docs/performance.md` ("The test suite's time") found where the time went.
//
//   cd web && npx playwright test -c e2e/playwright.config.ts --reporter=line,./e2e/harness/cpu-reporter.ts
//
// writes web/test-results/e2e-cpu.txt (Linux only; elsewhere it writes nothing).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter'

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/e2e-cpu.txt')
const TICKS = 100 // USER_HZ on Linux

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

type Row = { own: number; all: number; wall: number; name: string; file: string }

const fmt = (r: { own: number; all: number; wall: number }) =>
  `${r.own.toFixed(1).padStart(7)} s own ${r.all.toFixed(1).padStart(7)} s all ${r.wall.toFixed(1).padStart(6)} s wall`

export default class CpuReporter implements Reporter {
  private started = new Map<string, { own: number; all: number; at: number }>()
  private rows: Row[] = []
  private runStart?: { all: number; at: number }

  onBegin() {
    const all = busySeconds()
    if (all !== undefined) this.runStart = { all, at: Date.now() }
  }

  onTestBegin(test: TestCase) {
    const own = treeSeconds(process.pid)
    const all = busySeconds()
    if (own !== undefined && all !== undefined) this.started.set(test.id, { own, all, at: Date.now() })
  }

  onTestEnd(test: TestCase) {
    const start = this.started.get(test.id)
    const own = treeSeconds(process.pid)
    const all = busySeconds()
    if (!start || own === undefined || all === undefined) return
    const file = path.basename(test.location.file)
    this.rows.push({ own: own - start.own, all: all - start.all, wall: (Date.now() - start.at) / 1000, name: `${file}:${test.location.line} ${test.title}`, file })
  }

  onEnd(result: FullResult) {
    if (this.rows.length === 0) return
    const sum = (rows: Row[]) => rows.reduce((s, r) => ({ own: s.own + r.own, all: s.all + r.all, wall: s.wall + r.wall }), { own: 0, all: 0, wall: 0 })
    const byFile = new Map<string, Row[]>()
    for (const r of this.rows) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r])
    const files = [...byFile].map(([file, rows]) => ({ file, n: rows.length, ...sum(rows) })).sort((a, b) => b.own - a.own)
    const tests = [...this.rows].sort((a, b) => b.own - a.own)
    const total = sum(this.rows)
    const lines = ['By file (CPU of the run\'s own processes, of the whole machine, wall time of its tests):']
    for (const f of files) lines.push(`${fmt(f)}  ${f.file} (${f.n} tests)`)
    lines.push(`${fmt(total)}  (all ${this.rows.length} tests)`)
    // The processes have ended by now, some of them without their parent waiting
    // for them: the run as a whole gets its wall time and the machine's CPU only.
    const all = busySeconds()
    if (this.runStart && all !== undefined) {
      lines.push(`${' '.repeat(13)}${(all - this.runStart.all).toFixed(1).padStart(7)} s all ${((Date.now() - this.runStart.at) / 1000).toFixed(1).padStart(6)} s wall  (the run from its start to its end, the browser's start and setup included; ${result.status})`)
    }
    lines.push(`load average at the end: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`)
    lines.push('', 'By test:')
    for (const r of tests) lines.push(`${fmt(r)}  ${r.name}`)
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, lines.join('\n') + '\n')
  }
}
