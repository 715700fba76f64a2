// What the player and the server say to each other (docs/device-protocol.md),
// with the wire names. The player trusts the server's shapes but reads every
// frame defensively: a field it does not understand is ignored, never fatal.
import type { ScheduleEntry } from '../lib/playback'

/** POST /api/device/hello answers. */
export interface HelloAnswer {
  device: string
  token: string
  paired: boolean
}

/** The TV a paired player shows, from the playlist frame. */
export interface Screen {
  displayId: string
  name: string
  device: string
  franchise: string
  store: string
  storeName: string
  /** 0..3 (0°, 90°, 180°, 270°); 90, 180 and 270 are read as degrees too. */
  contentOrientation: number
  /** IANA zone of the franchise; the playback rules read the wall clock there. */
  timeZone: string
  /** The positions sold in the schedule's ad slots from today for a week; absent when none is. */
  ads?: PlayerAds
}

/** The advertisements booked on the TV (internal/advertise/player.go). */
export interface PlayerAds {
  /** yyyyMMdd, the first and last day listed, in the franchise's zone. */
  from: string
  to: string
  bookings: AdBooking[]
  ads: Record<string, PlayerAd>
}

/** One position of an ad slot on one day. */
export interface AdBooking {
  /** The ad-slot entry's id in the schedule. */
  slotId: string
  /** yyyyMMdd. */
  day: string
  /** 1..adSlots. */
  position: number
  advertisementId: string
}

/** An advertisement as played: its media take turns in the positions it holds. */
export interface PlayerAd {
  id: string
  name: string
  /** Seconds of each play. */
  displayTime: number
  media: AdMedia[]
}

/** A media of an advertisement: the library file and the rules of a schedule entry. */
export interface AdMedia extends ScheduleEntry {
  url?: string
  thumbnailUrl?: string
}

/** A library media named by the schedule's entries. */
export interface PlayerMedia {
  name: string
  type: 'image' | 'video'
  url: string
  thumbnailUrl?: string
  /** Seconds, for videos. */
  duration?: number
}

/** The footer of spec 2 §3 (internal/schedule/footer.go); a part left out is not shown. */
export interface BottomBar {
  height: number
  bgColor: string
  color: string
  fSize: number
  fWeight: number
  logo?: string
  clock?: { color: string; fSize: number }
  weather?: { fontSize: number }
  quote?: {
    coins: { asset: string; symbol?: string; icon?: string }[]
    style: { gap: number; fontSize: number; green: string; red: string }
  }
}

/** The TV's linked schedule, resolved for players. */
export interface PlayerSchedule {
  id: string
  name: string
  hash: string
  entries: ScheduleEntry[]
  /** Every library media the entries name, ad-slot fallbacks included, by id. */
  media: Record<string, PlayerMedia>
  bottomBar: BottomBar | null
  /** Epoch ms of the schedule's last change, if the server sends it (the loop restarts there). */
  updatedAt?: number
}

export interface UnpairedFrame {
  type: 'unpaired'
  device: string
}

export interface PlaylistFrame {
  type: 'playlist'
  /** The server's clock (epoch ms) when it sent the frame: TV boxes' clocks are often wrong. */
  serverTime: number
  screen: Screen
  schedule: PlayerSchedule | null
}

export interface CommandFrame {
  type: 'command'
  id: string
  operation: string
}

export type ServerFrame = UnpairedFrame | PlaylistFrame | CommandFrame

/** GET /api/device/footer answers; a part whose provider failed is absent. */
export interface FooterData {
  weather?: {
    city: string
    temperature: number
    min: number
    max: number
    /** WMO weather code. */
    code: number
    /** pt-BR. */
    description: string
  }
  quotes?: { asset: string; bid: number; pctChange: number }[]
}

/** Close codes of the socket (docs/device-protocol.md, "Close codes"). */
export const CLOSE = {
  tooBig: 1009,
  restarting: 1012,
  malformed: 4400,
  unauthorized: 4401,
  tooSlow: 4408,
  replaced: 4409,
} as const

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A server frame from a text message, or null when it is not one the player knows. */
export function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null
  let frame: unknown
  try {
    frame = JSON.parse(data)
  } catch {
    return null
  }
  if (!isObject(frame)) return null
  switch (frame.type) {
    case 'unpaired':
      return typeof frame.device === 'string' ? (frame as unknown as UnpairedFrame) : null
    case 'playlist':
      if (!isObject(frame.screen)) return null
      if (frame.schedule !== null && !(isObject(frame.schedule) && Array.isArray(frame.schedule.entries) && isObject(frame.schedule.media))) {
        return null
      }
      return frame as unknown as PlaylistFrame
    case 'command':
      return typeof frame.id === 'string' && typeof frame.operation === 'string' ? (frame as unknown as CommandFrame) : null
    default:
      return null
  }
}
