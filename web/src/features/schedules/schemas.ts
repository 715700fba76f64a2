import { z } from 'zod'
import { nameField, wholeNumberField } from '@/lib/validation'

/** Create, rename and duplicate: 'Nome da programação', required. */
export const scheduleNameSchema = z.object({
  name: nameField(),
})
export type ScheduleNameValues = z.infer<typeof scheduleNameSchema>

/** Bounds of an ad slot, as the server checks them (internal/schedule). */
export const MAX_SLOT_POSITIONS = 100
export const MAX_SLOT_SECONDS = 3600

/** The slot modal's messages: each names its field and bounds, in the server's words. */
export const AD_SLOT_MESSAGES = {
  number: 'Campo deve ser um número válido',
  quantity: `A quantidade de anúncios da vaga deve ser um número inteiro de 1 a ${MAX_SLOT_POSITIONS}.`,
  duration: `A duração de cada anúncio da vaga deve ser um número inteiro de 1 a ${MAX_SLOT_SECONDS} segundos.`,
} as const

/** A whole number typed in a text box: 'Campo deve ser um número válido' when empty or not a number, the field's message out of 1..max or not whole. */
const slotNumber = (max: number, range: string) => wholeNumberField(1, max, { invalid: AD_SLOT_MESSAGES.number, range })

/** The ad slot modal: quantity of positions, seconds of each (default 10), and the media played when none is booked. */
export const adSlotSchema = z.object({
  quantity: slotNumber(MAX_SLOT_POSITIONS, AD_SLOT_MESSAGES.quantity),
  duration: slotNumber(MAX_SLOT_SECONDS, AD_SLOT_MESSAGES.duration),
  adFallbackMediaId: z.string(),
})
export type AdSlotInput = z.input<typeof adSlotSchema>
export type AdSlotValues = z.output<typeof adSlotSchema>
export const AD_SLOT_DEFAULTS: AdSlotInput = { quantity: '1', duration: '10', adFallbackMediaId: '' }
