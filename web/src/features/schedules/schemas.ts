import { z } from 'zod'
import { validationMessages } from '@/lib/validation'

/** Create, rename and duplicate: 'Nome da programação', required. */
export const scheduleNameSchema = z.object({
  name: z.string().trim().min(1, validationMessages.required),
})
export type ScheduleNameValues = z.infer<typeof scheduleNameSchema>

export const AD_SLOT_MESSAGES = {
  number: 'Campo deve ser um número válido',
  positive: 'Duração deve ser maior do que 0',
} as const

/** A number typed in a text box: required, numeric, above 0. */
const positiveNumber = z
  .string()
  .trim()
  .min(1, AD_SLOT_MESSAGES.number)
  .refine((value) => /^\d+([.,]\d+)?$/.test(value), AD_SLOT_MESSAGES.number)
  .transform((value) => Number(value.replace(',', '.')))
  .refine((value) => value > 0, AD_SLOT_MESSAGES.positive)

/** 'Adicionar vaga para anúncios': quantity of positions and seconds of each (default 10). */
export const adSlotSchema = z.object({ quantity: positiveNumber, duration: positiveNumber })
export type AdSlotInput = z.input<typeof adSlotSchema>
export type AdSlotValues = z.output<typeof adSlotSchema>
export const AD_SLOT_DEFAULTS: AdSlotInput = { quantity: '1', duration: '10' }
