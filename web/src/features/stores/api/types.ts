import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Store = Schemas['Store']

/** One WhatsApp message of the franchise to a contact's phone, with its delivery status. */
export type StoreMessage = Schemas['StoreMessage']
export type StoreMessageStatus = StoreMessage['status']

/** A store's opening hours and what its TVs do while it is closed (GET/PUT …/hours). */
export type StoreHoursAnswer = Schemas['StoreHours']
export type StoreHoursBody = Schemas['StoreHoursInput']
export type WhenClosed = Schemas['WhenClosed']
