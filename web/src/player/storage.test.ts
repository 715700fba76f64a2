// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { PlayerStorage } from './storage'
import { MemoryStore, schedule, SCREEN } from './testing'

describe('PlayerStorage', () => {
  it('keeps the identity and the last playlist', () => {
    const store = new MemoryStore()
    const storage = new PlayerStorage(store)
    expect(storage.token()).toBe('')
    expect(storage.playlist()).toBeNull()
    storage.setIdentity('tok', 'K7M3QX')
    const playlist = { screen: SCREEN, schedule: schedule(), serverOffset: -1200, changedAt: 1_772_456_400_000 }
    storage.savePlaylist(playlist)
    const again = new PlayerStorage(store)
    expect([again.token(), again.device()]).toEqual(['tok', 'K7M3QX'])
    expect(again.playlist()).toEqual(playlist)
  })

  it('reads a damaged playlist as none', () => {
    const store = new MemoryStore()
    const storage = new PlayerStorage(store)
    for (const text of ['{', 'null', '[]', '{"screen":{},"schedule":{"entries":3},"serverOffset":0,"changedAt":0}', '{"screen":{},"schedule":null}']) {
      store.setItem('vitrine.player.playlist', text)
      expect(storage.playlist()).toBeNull()
    }
  })

  it('works, forgetfully, when storage is missing or throws', () => {
    const throwing = new MemoryStore()
    throwing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    throwing.getItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    for (const storage of [new PlayerStorage(null), new PlayerStorage(throwing)]) {
      storage.setIdentity('tok', 'K7M3QX')
      storage.savePlaylist({ screen: SCREEN, schedule: null, serverOffset: 0, changedAt: 0 })
      expect(storage.token()).toBe('')
      expect(storage.playlist()).toBeNull()
      storage.forgetAllButIdentity()
    }
  })
})
