// @vitest-environment node
import fs from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
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

  it('are checked against a closed contract', () => {
    expect(problems({ type: 'ack', hash: 'h1' })).toEqual([])
    expect(problems({ type: 'ack', hash: 'h1', overrides: ['o1'] })).toEqual([])
    expect(problems({ type: 'ack', hash: 'h1', version: '1.2.3' })).not.toEqual([])
    expect(problems({ type: 'ack' })).not.toEqual([])
    expect(problems({ type: 'auth', token: 7 })).not.toEqual([])
    expect(problems({ type: 'hello' })).not.toEqual([])
  })
})
