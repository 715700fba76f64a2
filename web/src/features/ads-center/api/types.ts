// Shapes of the Advertisements calls (spec 2 §3 and §7, DESIGN.md "Ad slots"),
// as api/openapi.yaml describes them. src/lib/api-types.ts has not been
// generated from that part yet: once it is, these become aliases of its types.

/** One media of an advertisement, in play order (spec 2 §3 'Ad media item'). */
export type AdMediaItem = {
  id: string
  name: string
  /** Seconds. */
  displayTime?: number
  /** Weekday bitmask, bit 0 = Sunday; 127 = every day. */
  dok?: number
  /** Windows 'HH:MM@HH:MM'; none = all day. */
  timeGap?: string[]
  enabled?: boolean
  /** Epoch ms. */
  startDate?: number
  endDate?: number
  volume?: number
  limitByHour?: number
  /** From the library: kind, object, address to open it and its thumbnail. */
  type?: 'image' | 'video'
  filePath?: string
  url?: string
  thumbnailUrl?: string
  /** An ad-slot item: it can never be unlinked. */
  isAd?: boolean
  adSlots?: number
  adTime?: number
  adFallbackMediaId?: string
}

/** An item as a save sends it: its rules, without what the library adds. */
export type AdMediaInput = Omit<AdMediaItem, 'type' | 'filePath' | 'url' | 'thumbnailUrl'>

/** A screen an advertisement was sold on, and the slot it holds there. */
export type AdScreen = { displayId: string; name: string; storeSlug: string; storeName: string; scheduleId: string; slotId: string }

/** An advertisement (spec 2 §3 'Advertisement'). */
export type Advertise = {
  id: string
  name: string
  /** Seconds of each play. */
  displayTime: number
  /** Epoch ms: the first instant of the first day and the last instant of the last day. */
  startAt: number
  endsAt: number
  createdAt: number
  updatedAt: number
  franchise: string
  media: AdMediaItem[]
  /** Screens booked. */
  displays: number
  /** The booked screens (reads of one advertisement). */
  screens?: AdScreen[]
}

/** One day of a screen in the ad map: slot key 'HH:MM@HH:MM' → 'available.total'. */
export type AdDay = Record<string, string>

/** An ad slot of a screen's schedule: its id (a booking's slotId), its keys in dayMap and its size. */
export type AdMapSlot = {
  slotId: string
  /** Its time windows, or '00:00@23:59' when it has none. */
  keys: string[]
  /** Positions per day. */
  adSlots: number
  /** Seconds of each position. */
  adTime: number
}

/** One screen of the ad map. */
export type AdMapScreen = {
  displayId: string
  name: string
  scheduleId: string
  /** The store's slug (storeSlug in a booking). */
  storeId: string
  storeName?: string
  slots: AdMapSlot[]
  /** Day 'yyyyMMdd' → its slots. */
  dayMap: Record<string, AdDay>
}

/** GET /advertise/{franchise}/map: the days from today in the franchise's zone, and every screen with an ad slot. */
export type AdMap = {
  timeZone: string
  /** Today, 'yyyyMMdd'. */
  from: string
  /** Days covered from today. */
  days: number
  data: AdMapScreen[]
}

/** One screen of a booking: which ad slot of which schedule, in which store. */
export type AdBooking = { displayId: string; slotId: string; scheduleId: string; storeSlug: string }

export type CreateAdInput = {
  name: string
  startAt: number
  endsAt: number
  displayTime: number
  displays: AdBooking[]
}

/** PUT /advertise/{franchise}: only the fields sent change. */
export type UpdateAdInput = {
  advertiseId: string
  name?: string
  displayTime?: number
  startAt?: number
  endsAt?: number
  media?: AdMediaInput[]
}

/** Plays of an advertisement on one screen on one day (proof of play); `seconds` is the time played. */
export type AdPlay = { day: string; displayId: string; displayName: string; count: number; seconds?: number }
