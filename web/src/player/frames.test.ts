// @vitest-environment node
import fs from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { playbackFailed } from './health'
import type { HealthReport } from './protocol'
import { ACK_EVERY_MS } from './session'
import { fakeFetch, makeSession, schedule, SCREEN } from './testing'

// The frames the player sends are the contract's PlayerFrame (api/openapi.yaml),
// whose generated type session.ts sends; this checks what actually goes on the
// wire, as internal/httpapi/frames_test.go checks what the server sends.
const contract = parse(fs.readFileSync(new URL('../../../api/openapi.yaml', import.meta.url), 'utf8')) as object
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
ajv.addSchema(contract, 'openapi')
const playerFrame = ajv.getSchema('openapi#/components/schemas/PlayerFrame')!

function problems(frame: unknown) {
  return playerFrame(frame) ? [] : (playerFrame.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}

const T0 = Date.parse('2026-03-02T10:00:00-03:00')

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the frames the player sends', () => {
  it('are all in the contract: auth first, then acks of playlists and of the keep-alive', async () => {
    const { fetch } = fakeFetch({ '/api/device/hello': { status: 200, body: { device: 'K7M3QX', token: 'tok-1', paired: true } } })
    const { session, last } = makeSession({ fetch })
    session.start()
    await vi.advanceTimersByTimeAsync(0)
    const socket = last()
    socket.open()
    socket.push({ type: 'unpaired', device: 'K7M3QX' })
    socket.push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule() })
    socket.push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: null })
    await vi.advanceTimersByTimeAsync(ACK_EVERY_MS * 2)
    session.stop()

    const frames = socket.frames()
    expect(frames.map((f) => f.type)).toEqual(['auth', 'ack', 'ack', 'ack', 'ack'])
    for (const frame of frames) expect(problems(frame), JSON.stringify(frame)).toEqual([])
  })

  it('carry the health report on acks, in the contract, sent again when a playback error happens', async () => {
    const { fetch } = fakeFetch({ '/api/device/hello': { status: 200, body: { device: 'K7M3QX', token: 'tok-1', paired: true } } })
    const env = {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36',
      screen: () => ({ width: 1920, height: 1080 }),
      estimate: async () => ({ usage: 2_000_000, quota: 10_000_000 }),
    }
    const { session, last, media } = makeSession({ fetch, env })
    media.status = async (urls) => ({ cached: 7, all: urls.length > 0 })
    session.start()
    await vi.advanceTimersByTimeAsync(0)
    const socket = last()
    socket.open()
    socket.push({ type: 'playlist', serverTime: T0 + 90_000, screen: SCREEN, schedule: schedule() })
    await vi.advanceTimersByTimeAsync(10)
    const before = socket.frames().length
    playbackFailed('Promo.mp4', 'decode')
    await vi.advanceTimersByTimeAsync(10)
    session.stop()
    const frames = socket.frames()
    expect(frames.length).toBeGreaterThan(before)
    for (const frame of frames) expect(problems(frame), JSON.stringify(frame)).toEqual([])
    const health = frames[frames.length - 1].health as HealthReport
    expect(health).toMatchObject({ browser: 'Chrome 120 (Linux)', screen: '1920x1080', cached: 7, allCached: true, storageUsed: 2_000_000, storageQuota: 10_000_000, version: '1.2.3' })
    expect(health.clockOffset).toBeLessThan(-89_000) // the box is 90 s behind the server
    expect(health.lastError).toMatchObject({ media: 'Promo.mp4', message: 'decode' })
  })

  it('are checked against a closed contract', () => {
    expect(problems({ type: 'ack', hash: 'h1' })).toEqual([])
    expect(problems({ type: 'ack', hash: 'h1', overrides: ['o1'] })).toEqual([])
    expect(problems({ type: 'ack', hash: 'h1', version: '1.2.3' })).not.toEqual([])
    expect(problems({ type: 'ack' })).not.toEqual([])
    expect(problems({ type: 'auth', token: 7 })).not.toEqual([])
    expect(problems({ type: 'hello' })).not.toEqual([])
  })
})
