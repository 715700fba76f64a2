// The player's health report (docs/device-protocol.md "Health"): what it
// is, how long it has run, its storage and cache, its clock against the
// server's and its last playback error. It rides on the acks; the session
// sends an extra ack when the report changes in a way the console shows.
import type { HealthReport, PlaybackError } from './protocol'

/** What the report is built from. */
export interface HealthInput {
  version: string
  userAgent: string
  screen: { width: number; height: number }
  /** When the player started and now, epoch ms on the box's clock. */
  startedAt: number
  now: number
  /** navigator.storage.estimate(); null where it is not offered. */
  storage: { usage?: number; quota?: number } | null
  cached: number
  allCached: boolean
  /** The server's clock minus the box's, ms (from the frames' serverTime). */
  serverOffset: number
  lastError: PlaybackError | null
}

/** The server's bounds (api/openapi.yaml HealthReport): texts are cut to them. */
const MAX = { version: 64, browser: 160, screen: 16, media: 200, message: 300 }

/**
 * Whether a character may not be in the report's text (the server drops a
 * report holding one): a control character (C0, DEL, C1: line breaks,
 * tabs and NUL among them) or a line or paragraph separator.
 */
function unfit(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029
}

/** Text on one line — each run of characters unfit for the report a space — cut to max characters. */
function clip(text: string, max: number): string {
  let out = ''
  let gap = false
  for (const char of text) {
    if (unfit(char.charCodeAt(0))) {
      gap = true
      continue
    }
    out += gap && out !== '' ? ' ' + char : char
    gap = false
  }
  return out.slice(0, max)
}

function whole(n: number | undefined, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return 0
  return Math.min(Math.round(n), max)
}

/** A short name of the browser: 'Chrome 120', 'Firefox 121', 'Safari 17', or the start of the user agent. */
export function shortBrowser(userAgent: string): string {
  const rules: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|Chromium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[^ ]* .*Safari\//, 'Safari'],
  ]
  for (const [rule, name] of rules) {
    const match = rule.exec(userAgent)
    if (match) {
      const os = /Android/.test(userAgent) ? ' (Android)' : /Linux/.test(userAgent) ? ' (Linux)' : /Windows/.test(userAgent) ? ' (Windows)' : /Mac OS X/.test(userAgent) ? ' (macOS)' : ''
      return clip(`${name} ${match[1]}${os}`, MAX.browser)
    }
  }
  return clip(userAgent, MAX.browser)
}

/** Builds the report within the server's bounds. */
export function buildReport(input: HealthInput): HealthReport {
  const report: HealthReport = {
    version: clip(input.version, MAX.version),
    browser: shortBrowser(input.userAgent),
    screen: clip(`${whole(input.screen.width, 99999)}x${whole(input.screen.height, 99999)}`, MAX.screen),
    uptime: whole((input.now - input.startedAt) / 1000),
    storageUsed: whole(input.storage?.usage, 2 ** 50),
    storageQuota: whole(input.storage?.quota, 2 ** 50),
    cached: whole(input.cached, 100_000),
    allCached: input.allCached,
    clockOffset: Number.isFinite(input.serverOffset) ? -Math.round(input.serverOffset) : 0,
  }
  if (input.lastError && input.lastError.at > 0) {
    report.lastError = {
      media: clip(input.lastError.media, MAX.media),
      message: clip(input.lastError.message, MAX.message),
      at: Math.round(input.lastError.at),
    }
  }
  return report
}

/**
 * Whether two reports differ in what the console shows (uptime aside,
 * storage by a megabyte or more, the clock by 5 s or more): such a change
 * is sent at once instead of with the next ack.
 */
export function healthChanged(a: HealthReport | null, b: HealthReport): boolean {
  if (!a) return true
  const near = (x: number, y: number, d: number) => Math.abs(x - y) < d
  const errorA = a.lastError ? `${a.lastError.media}|${a.lastError.message}|${a.lastError.at}` : ''
  const errorB = b.lastError ? `${b.lastError.media}|${b.lastError.message}|${b.lastError.at}` : ''
  return !(
    a.version === b.version &&
    a.browser === b.browser &&
    a.screen === b.screen &&
    near(a.storageUsed, b.storageUsed, 1 << 20) &&
    a.storageQuota === b.storageQuota &&
    a.cached === b.cached &&
    a.allCached === b.allCached &&
    near(a.clockOffset, b.clockOffset, 5000) &&
    errorA === errorB
  )
}

/** Playback errors the screen meets, for the session to report (the stage has no handle on the session). */
type ErrorListener = (media: string, message: string) => void
const errorListeners = new Set<ErrorListener>()

/** Tells the session a media failed to play. */
export function playbackFailed(media: string, message: string) {
  errorListeners.forEach((listener) => listener(media, message))
}

/** Follows playback errors; returns the unsubscribe. */
export function onPlaybackError(listener: ErrorListener): () => void {
  errorListeners.add(listener)
  return () => {
    errorListeners.delete(listener)
  }
}
