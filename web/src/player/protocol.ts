// What the player and the server say to each other (docs/device-protocol.md).
// The shapes are the contract's (api/openapi.yaml: ServerFrame, PlayerFrame,
// Hello, DeviceFooter), generated into src/lib/api-types.ts by npm run gen:api;
// the server's frames are checked against the same schemas
// (internal/httpapi/frames_test.go) and the player's in frames.test.ts. The
// player trusts those shapes but reads every frame defensively: a field it
// does not understand is ignored, never fatal.
import type { components } from '../lib/api-types'

type Schemas = components['schemas']

/** POST /api/device/hello answers. */
export type HelloAnswer = Schemas['Hello']

/** The TV a paired player shows, from the playlist frame. */
export type Screen = Schemas['PlayerScreen']

/** The advertisements booked on the TV (internal/advertise/player.go). */
export type PlayerAds = Schemas['PlayerAds']

/** One position of an ad slot on one day. */
export type AdBooking = PlayerAds['bookings'][number]

/** An advertisement as played: its media take turns in the positions it holds. */
export type PlayerAd = PlayerAds['ads'][string]

/** A media of an advertisement: the library file and the rules of a schedule entry. */
export type AdMedia = Schemas['AdMediaItem']

/** The TV's store's approved items in the schedule's local spaces, and their media (internal/localcontent). */
export type PlayerLocal = Schemas['PlayerLocal']

/** One approved item of a store in a local space, in the store's order. */
export type LocalItem = PlayerLocal['spaces'][string][number]

/** A store's media named by its items. */
export type LocalMedia = PlayerLocal['media'][string]

/** The TV's linked schedule, resolved for players. */
export type PlayerSchedule = Schemas['PlayerSchedule']

/** One entry of the schedule, with every rule the server stores. */
export type PlayerEntry = PlayerSchedule['entries'][number]

/** A library media named by the schedule's entries. */
export type PlayerMedia = PlayerSchedule['media'][string]

/** The footer of spec 2 §3 (internal/schedule/footer.go); a part left out is not shown. */
export type BottomBar = Schemas['BottomBar']

export type BuildFrame = Schemas['BuildFrame']
export type UnpairedFrame = Schemas['UnpairedFrame']
export type PlaylistFrame = Schemas['PlaylistFrame']
export type CommandFrame = Schemas['CommandFrame']
/** What the server sends over the socket. */
export type ServerFrame = Schemas['ServerFrame']
/** What the player sends over the socket. */
export type PlayerFrame = Schemas['PlayerFrame']

/** GET /api/device/footer answers; a part whose provider failed is absent. */
export type FooterData = Schemas['DeviceFooter']

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
    case 'build':
      return typeof frame.player === 'string' ? (frame as unknown as BuildFrame) : null
    case 'unpaired':
      return typeof frame.device === 'string' ? (frame as unknown as UnpairedFrame) : null
    case 'playlist':
      if (!isObject(frame.screen) && frame.screen !== 'same') return null
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

/** What the player says of itself on its acks (docs/device-protocol.md "Health"). */
export type HealthReport = Schemas['HealthReport']
export type PlaybackError = Schemas['PlaybackError']
