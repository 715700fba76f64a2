// @vitest-environment node
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { franchiseKeys, liveViewKey, queryRoots } from '@/lib/query-keys'
import { applyFranchiseEvent } from './apply-event'
import { parseEvents } from './franchise-events'

type TV = { id: string; name: string; connected: boolean; lastConnectionAck: number }

function client(tvs: TV[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  qc.setQueryData(franchiseKeys.displays('rede'), tvs)
  qc.setQueryData(franchiseKeys.stores('rede'), [])
  qc.setQueryData(franchiseKeys.schedules('rede'), [])
  qc.setQueryData(franchiseKeys.displays('outra'), [{ id: 'x', name: 'X', connected: false, lastConnectionAck: 0 }])
  return qc
}

const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false

describe('applyFranchiseEvent', () => {
  it('writes a TV status into the list without asking the server', () => {
    const qc = client([
      { id: 'a', name: 'A', connected: false, lastConnectionAck: 0 },
      { id: 'b', name: 'B', connected: true, lastConnectionAck: 5 },
    ])
    applyFranchiseEvent(qc, 'rede', {
      type: 'status',
      data: { ids: ['a'], displays: [{ id: 'a', connected: true, lastConnectionAck: 1000 }] },
    })
    expect(qc.getQueryData<TV[]>(franchiseKeys.displays('rede'))).toEqual([
      { id: 'a', name: 'A', connected: true, lastConnectionAck: 1000 },
      { id: 'b', name: 'B', connected: true, lastConnectionAck: 5 },
    ])
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(false)
    expect(qc.getQueryData<TV[]>(franchiseKeys.displays('outra'))?.[0].connected).toBe(false)
  })

  it("writes a TV's health problems from its status, and clears them when the report is clean again", () => {
    const storage = { code: 'storage', label: 'Armazenamento quase cheio' }
    const uncached = { code: 'uncached', label: 'Arquivos da programação fora do cache' }
    const qc = client([{ id: 'a', name: 'A', connected: true, lastConnectionAck: 5, problems: [uncached, storage] } as TV])
    applyFranchiseEvent(qc, 'rede', { type: 'status', data: { ids: ['a'], displays: [{ id: 'a', connected: true, lastConnectionAck: 9, problems: [storage] }] } })
    expect(qc.getQueryData<(TV & { problems?: unknown[] })[]>(franchiseKeys.displays('rede'))?.[0].problems).toEqual([storage])
    applyFranchiseEvent(qc, 'rede', { type: 'status', data: { ids: ['a'], displays: [{ id: 'a', connected: true, lastConnectionAck: 12, problems: [] }] } })
    expect(qc.getQueryData<(TV & { problems?: unknown[] })[]>(franchiseKeys.displays('rede'))?.[0].problems).toEqual([])
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(false)
  })

  it('reads the list again for a TV it does not know yet or a status the server could not read', () => {
    const qc = client([{ id: 'a', name: 'A', connected: false, lastConnectionAck: 0 }])
    applyFranchiseEvent(qc, 'rede', { type: 'status', data: { ids: ['novo'], displays: [{ id: 'novo', connected: true, lastConnectionAck: 1 }] } })
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(true)
    const qc2 = client([{ id: 'a', name: 'A', connected: false, lastConnectionAck: 0 }])
    applyFranchiseEvent(qc2, 'rede', { type: 'status', data: { ids: ['a'], displays: [] } })
    expect(stale(qc2, franchiseKeys.displays('rede'))).toBe(true)
  })

  it("marks stale the lists another operator's change touched, and only the franchise's", () => {
    const qc = client([])
    applyFranchiseEvent(qc, 'rede', { type: 'change', data: { schedules: ['s1'] } })
    expect(stale(qc, franchiseKeys.schedules('rede'))).toBe(true)
    expect(stale(qc, franchiseKeys.stores('rede'))).toBe(false)
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(false)

    applyFranchiseEvent(qc, 'rede', { type: 'change', data: { stores: ['st'] } })
    expect(stale(qc, franchiseKeys.stores('rede'))).toBe(true)
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(true)
    expect(stale(qc, franchiseKeys.displays('outra'))).toBe(false)
  })

  it("writes a TV's acknowledged hash into the list and marks the open live views stale", () => {
    const qc = client([{ id: 'a', name: 'A', connected: true, lastConnectionAck: 5 }])
    const live = liveViewKey('rede', 'centro', 'a')
    const otherLive = liveViewKey('outra', 'centro', 'x')
    qc.setQueryData(live, {})
    qc.setQueryData(otherLive, {})
    applyFranchiseEvent(qc, 'rede', { type: 'status', data: { ids: ['a'], displays: [{ id: 'a', connected: true, lastConnectionAck: 9, ackedHash: 'h2', ackedAt: 9 }] } })
    expect(qc.getQueryData(franchiseKeys.displays('rede'))).toEqual([{ id: 'a', name: 'A', connected: true, lastConnectionAck: 9, ackedHash: 'h2', ackedAt: 9 }])
    expect(stale(qc, live)).toBe(true)
    expect(stale(qc, otherLive)).toBe(false)

    const qc2 = client([])
    qc2.setQueryData(live, {})
    applyFranchiseEvent(qc2, 'rede', { type: 'change', data: { schedules: ['s1'] } })
    expect(stale(qc2, live)).toBe(true)
  })

  it('reads the commands of the franchise again when one is answered', () => {
    const qc = client([])
    const key = ['displays', 'rede', 'commands', 'centro', 'a']
    qc.setQueryData(key, [])
    applyFranchiseEvent(qc, 'rede', { type: 'command', data: { id: 'c', displayId: 'a', status: 'done' } })
    expect(stale(qc, key)).toBe(true)
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(false)
  })

  it("reads 'Aprovações' and the stores' local content again when an item is sent or decided, and nothing else", () => {
    const qc = client([])
    const keys = [['approvals', 'rede'], ['local', 'rede', 'loja-a'], ['approvals', 'outra']]
    for (const key of keys) qc.setQueryData(key, {})
    applyFranchiseEvent(qc, 'rede', { type: 'local', data: { stores: ['s1'] } })
    expect(stale(qc, ['approvals', 'rede'])).toBe(true)
    expect(stale(qc, ['local', 'rede', 'loja-a'])).toBe(true)
    expect(stale(qc, ['approvals', 'outra'])).toBe(false)
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(false)
    expect(stale(qc, franchiseKeys.schedules('rede'))).toBe(false)
  })
})

describe('ready', () => {
  it('reads the lists again on a reconnection, not the ones the first screen just read', () => {
    const qc = client([])
    applyFranchiseEvent(qc, 'rede', { type: 'ready', data: { first: true } })
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(false)
    applyFranchiseEvent(qc, 'rede', { type: 'ready', data: { first: false } })
    expect(stale(qc, franchiseKeys.displays('rede'))).toBe(true)
    expect(stale(qc, franchiseKeys.stores('rede'))).toBe(true)
  })

  it("reads the user's roles again on a reconnection (access may have changed), not on the first stream", () => {
    const qc = client([])
    const user = [queryRoots.user, 'detail']
    qc.setQueryData(user, { id: 'u1' })
    applyFranchiseEvent(qc, 'rede', { type: 'ready', data: { first: true } })
    expect(stale(qc, user)).toBe(false)
    applyFranchiseEvent(qc, 'rede', { type: 'ready', data: { first: false } })
    expect(stale(qc, user)).toBe(true)
  })
})

describe('parseEvents', () => {
  it('splits a stream into events, skipping comments and keeping an unfinished one', () => {
    const { events, rest } = parseEvents('retry: 2000\n\n: ping\n\nevent: status\ndata: {"ids":["a"]}\n\nevent: change\ndata: {"wi')
    expect(events).toEqual([{ type: 'status', data: { ids: ['a'] } }])
    expect(rest).toBe('event: change\ndata: {"wi')
  })
})
