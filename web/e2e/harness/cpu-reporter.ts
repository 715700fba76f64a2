// A Playwright reporter that says what each browser test cost the machine: the
// CPU time of every process (the server, Chromium, the runner) between its start
// and end, read from /proc/stat, beside its wall time, most expensive first.
// The suite runs one test at a time, so each figure is that test's own; it is
// how `docs/performance.md` ("The test suite's time") found where the time went.
//
//   cd web && npx playwright test -c e2e/playwright.config.ts --reporter=line,./e2e/harness/cpu-reporter.ts
//
// writes web/test-results/e2e-cpu.txt (Linux only; elsewhere it writes nothing).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Reporter, TestCase } from '@playwright/test/reporter'

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/e2e-cpu.txt')

/** Seconds of CPU the whole machine has spent so far (user, nice, system, irq, softirq). */
function busySeconds(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    return (user + nice + system + irq + softirq) / 100
  } catch {
    return undefined
  }
}

export default class CpuReporter implements Reporter {
  private started = new Map<string, { cpu: number; at: number }>()
  private rows: { cpu: number; wall: number; name: string }[] = []

  onTestBegin(test: TestCase) {
    const cpu = busySeconds()
    if (cpu !== undefined) this.started.set(test.id, { cpu, at: Date.now() })
  }

  onTestEnd(test: TestCase) {
    const start = this.started.get(test.id)
    const cpu = busySeconds()
    if (!start || cpu === undefined) return
    const name = `${path.basename(test.location.file)}:${test.location.line} ${test.title}`
    this.rows.push({ cpu: cpu - start.cpu, wall: (Date.now() - start.at) / 1000, name })
  }

  onEnd() {
    if (this.rows.length === 0) return
    this.rows.sort((a, b) => b.cpu - a.cpu)
    const total = this.rows.reduce((sum, r) => ({ cpu: sum.cpu + r.cpu, wall: sum.wall + r.wall }), { cpu: 0, wall: 0 })
    const lines = this.rows.map((r) => `${r.cpu.toFixed(1).padStart(7)} s CPU ${r.wall.toFixed(1).padStart(6)} s wall  ${r.name}`)
    lines.push(`${total.cpu.toFixed(1).padStart(7)} s CPU ${total.wall.toFixed(1).padStart(6)} s wall  (all ${this.rows.length} tests)`)
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, lines.join('\n') + '\n')
  }
}
