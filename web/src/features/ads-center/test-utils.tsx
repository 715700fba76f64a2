// Shared by the ads center's component tests: the session they run in, the
// page harness, and the ads center's own test data.
import type { stubApi } from '@/test/page-harness'
import type { ScheduleEntry } from '@/lib/playback'
import type { SessionContextValue } from '@/lib/session'
import type { AdMap, AdMapScreen, AdMediaItem, Advertise } from './api/types'
import { calendarDays, dayKeyAt } from './calendar'

/** What useSession answers in the tests (vi.mock of '@/lib/session' reads it). */
export const testSession = {
  status: 'authenticated',
  user: { id: 'u1', email: 'ana@vitrine.test', name: 'Ana', canUseAdsCenter: true, viewAdsCenter: 1 },
  franchise: { slug: 'rede-norte', name: 'Rede Norte', timeZone: 'America/Sao_Paulo' },
  franchises: [],
  hasAdminToken: false,
  isImpersonating: false,
  selectFranchise: async () => {},
} as unknown as SessionContextValue

// The page harness every page's tests share (providers, fetch stub, waits).
export { json, renderAt, stubApi, WAIT } from '@/test/page-harness'

/** The JSON body a call was made with. */
export function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

/** A screen of the ad map with one all-day slot of 1 position of 30 s, free unless `dayMap` says otherwise. */
export function mapScreen(
  displayId: string,
  name: string,
  dayMap: AdMapScreen['dayMap'] = {},
  slots?: AdMapScreen['slots'],
  timeZone = 'America/Sao_Paulo',
): AdMapScreen {
  const allDay = { slotId: `slot-${displayId}`, keys: ['00:00@23:59'], adSlots: 1, adTime: 30 }
  return { displayId, name, scheduleId: `sched-${displayId}`, storeId: 'loja-centro', storeName: '', timeZone, slots: slots ?? [allDay], dayMap }
}

/**
 * An ad-slot entry in an advertisement's media list. The API neither saves
 * nor sends one (its AdMediaItem has no slot fields), so this is off the
 * contract on purpose: the editor still refuses to unlink or edit a slot.
 */
export function slotItem(id: string, name: string): AdMediaItem {
  const slot: ScheduleEntry = { id, name, isAd: true, adSlots: 1, adTime: 10 }
  return slot as unknown as AdMediaItem
}

/** The ad map's 183 days from today in São Paulo. */
export const mapDays = calendarDays(dayKeyAt(Date.now(), 'America/Sao_Paulo'), 183)

/** GET /advertise/{franchise}/map with these screens. */
export function adMap(data: AdMapScreen[]): AdMap {
  return { timeZone: 'America/Sao_Paulo', from: mapDays[0], days: mapDays.length, data }
}

export function advertise(extra: Partial<Advertise> = {}): Advertise {
  return {
    id: 'ad1',
    name: 'Promoção de verão',
    displayTime: 15,
    // 10 to 19 January 2020 in São Paulo: over, whatever the clock says.
    startAt: Date.UTC(2020, 0, 10, 3),
    endsAt: Date.UTC(2020, 0, 20, 2, 59, 59, 999),
    createdAt: Date.UTC(2020, 0, 1),
    updatedAt: Date.UTC(2020, 0, 1),
    franchise: 'rede-norte',
    media: [],
    displays: 2,
    ...extra,
  }
}
