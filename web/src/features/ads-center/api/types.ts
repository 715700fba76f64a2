// Shapes of the Advertisements calls (spec 2 §3 and §7, DESIGN.md "Ad slots"),
// as api/openapi.yaml describes them: names for the generated types.
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** One media of an advertisement, in play order (spec 2 §3 'Ad media item'). */
export type AdMediaItem = Schemas['AdMediaItem']
/** An item as a save sends it: its rules, without what the library adds. */
export type AdMediaInput = Schemas['AdMediaInput']
/** A screen an advertisement was sold on, and the slot it holds there. */
export type AdScreen = Schemas['AdScreen']
/** An advertisement (spec 2 §3 'Advertisement'). */
export type Advertise = Schemas['Advertise']
/** One screen of the ad map. */
export type AdMapScreen = Schemas['AdMapScreen']
/** One day of a screen in the ad map: slot key 'HH:MM@HH:MM' → 'available.total'. */
export type AdDay = AdMapScreen['dayMap'][string]
/** GET /advertise/{franchise}/map: the days from today in the franchise's zone, and every screen with an ad slot. */
export type AdMap = Schemas['AdMap']
/** One screen of a booking: which ad slot of which schedule, in which store. */
export type AdBooking = Schemas['AdBooking']
export type CreateAdInput = Schemas['AdCreateInput']
/** PUT /advertise/{franchise}: only the fields sent change. */
export type UpdateAdInput = Schemas['AdUpdateInput']
/** Plays of an advertisement on one screen on one day (proof of play); `seconds` is the time played. */
export type AdPlay = Schemas['AdPlayCount']
