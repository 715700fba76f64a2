import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Store = Schemas['Store']

/** One WhatsApp message of the franchise to a contact's phone, with its delivery status. */
export type StoreMessage = Schemas['StoreMessage']
export type StoreMessageStatus = StoreMessage['status']
