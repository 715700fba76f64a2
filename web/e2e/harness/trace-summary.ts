// Reads a Chromium trace (devtools.timeline) of one page load and sums what
// the page's main thread did until a user-timing mark: script (compile and
// run), style, layout, paint, garbage collection, and the time it sat idle
// waiting for the network. Also lists when each request left and finished.
// Used by the browser benchmarks when VITRINE_BENCH_TRACE is set.
import fs from 'node:fs'

type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time in the event (what it ran, not how long it waited for a core). */
  tdur?: number
  pid: number
  tid: number
  args?: Record<string, unknown> & { data?: Record<string, unknown> }
}

const groups: [string, RegExp][] = [
  ['gc', /GC|GarbageCollect|V8\.GC/i],
  ['compile', /^(v8\.compile|v8\.parseOnBackground|V8\.CompileCode|v8\.compileModule|CompileScript|CompileCode|CacheScript|v8\.produceModuleCache|v8\.produceCache)$/i],
  ['script', /^(EvaluateScript|v8\.evaluateModule|FunctionCall|V8\.Execute|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.run|XHRReadyStateChange|FireIdleCallback|v8\.callFunction|V8\.RunMicrotasks)$/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)$/],
  ['layout', /^(Layout|UpdateLayerTree|PrePaint|IntersectionObserverController::computeIntersections|ComputeIntersections)$/],
  ['paint', /^(Paint|PaintImage|CompositeLayers|Layerize|Commit|UpdateLayer|RasterTask)$/],
  ['html', /^(ParseHTML)$/],
]

export type TraceSummary = {
  /** ms from the navigation's request to the mark. */
  mark: number
  /** ms of main-thread task time before the mark, in all and by kind (self time). */
  busy: number
  /**
   * ms of CPU the main thread got in those tasks: on a busy machine a task
   * waits for a core most of its duration, so this moves far less than `busy`.
   */
  cpu: number
  byKind: Record<string, number>
  /** Requests: when each left and finished, ms from the navigation. */
  requests: { url: string; sent: number; done?: number }[]
}

export function summarizeTrace(events: TraceEvent[], markName: string, navigationURL: string): TraceSummary {
  const markEv = events.find((e) => e.name === markName && /user_timing/.test(e.cat))
  if (!markEv) throw new Error(`no mark ${markName} in the trace`)
  const main = { pid: markEv.pid, tid: events.find((e) => e.pid === markEv.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid }
  const sends = events.filter((e) => e.name === 'ResourceSendRequest')
  const nav = sends.find((e) => String(e.args?.data?.url ?? '').startsWith(navigationURL))
  if (!nav) throw new Error('no navigation request in the trace')
  const t0 = nav.ts
  const mark = markEv.ts
  const byId = new Map<string, { url: string; sent: number; done?: number }>()
  for (const e of sends) {
    if (e.ts < t0 || e.ts > mark) continue
    byId.set(String(e.args!.data!.requestId), { url: String(e.args!.data!.url).replace(/^https?:\/\/[^/]+/, ''), sent: (e.ts - t0) / 1000 })
  }
  for (const e of events.filter((x) => x.name === 'ResourceFinish')) {
    const r = byId.get(String(e.args?.data?.requestId))
    if (r && e.ts <= mark) r.done = (e.ts - t0) / 1000
  }
  // Complete events of the main thread, nested by time: self time per kind.
  const mainEvents = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= t0 && e.ts < mark)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const byKind: Record<string, number> = {}
  let busy = 0
  let cpu = 0
  const stack: { end: number; kind: string; self: number }[] = []
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!
      byKind[done.kind] = (byKind[done.kind] ?? 0) + done.self
    }
  }
  for (const e of mainEvents) {
    close(e.ts)
    const end = Math.min(e.ts + e.dur!, mark)
    const length = end - e.ts
    const parent = stack[stack.length - 1]
    const kind = groups.find(([, re]) => re.test(e.name))?.[0] ?? (parent ? parent.kind : 'other')
    if (!parent) {
      busy += length
      cpu += e.tdur ?? 0
    }
    else parent.self -= length
    stack.push({ end, kind, self: length })
  }
  close(Infinity)
  for (const k of Object.keys(byKind)) byKind[k] = Math.round(byKind[k] / 1000)
  return { mark: (mark - t0) / 1000, busy: Math.round(busy / 1000), cpu: Math.round(cpu / 1000), byKind, requests: [...byId.values()] }
}

/** What the benchmarks record: the main thread's tasks, user-timing marks and the network. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'toplevel',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
]

/** Prints summarizeTrace's figures for one trace file. */
export function printTraceSummary(title: string, file: string, markName: string, navigationURL: string) {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] }
  const s = summarizeTrace(Array.isArray(parsed) ? parsed : parsed.traceEvents, markName, navigationURL)
  const kinds = Object.entries(s.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms}`)
    .join(', ')
  console.log(`${title}: ${markName} at ${Math.round(s.mark)} ms; main thread busy ${s.busy} ms (${kinds}), idle ${Math.round(s.mark - s.busy)} ms, CPU time ${s.cpu} ms`)
  const line = (r: TraceSummary['requests'][number]) => `  ${r.sent.toFixed(0).padStart(5)} → ${r.done === undefined ? '    …' : r.done.toFixed(0).padStart(5)} ms  ${r.url}`
  console.log(`  ${s.requests.length} requests before ${markName}:\n${s.requests.map(line).join('\n')}`)
}
