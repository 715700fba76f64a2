import { z } from 'zod'
import { delayUnits } from './format'

export const DELAY_MESSAGE = 'O atraso deve ficar entre 5 minutos e 7 dias.'
export const NO_CHANNEL_MESSAGE = 'Escolha pelo menos um canal para enviar os alertas.'

/** The settings form; `toAlertSettingsInput` turns it into the request body. */
export const alertSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** As typed, through typedNumber: '1.5', '-3', '1e2' or 'abc' are refused, never read as another number. */
    amount: z.number({ error: DELAY_MESSAGE }).int(DELAY_MESSAGE),
    unit: z.enum(['minutes', 'hours', 'days']),
    channels: z.array(z.enum(['sms', 'whatsapp', 'email'])),
  })
  .superRefine((value, ctx) => {
    const minutes = value.amount * delayUnits[value.unit]
    if (!Number.isFinite(minutes) || minutes < 5 || minutes > 7 * 24 * 60) ctx.addIssue({ code: 'custom', path: ['amount'], message: DELAY_MESSAGE })
    if (value.enabled && value.channels.length === 0) ctx.addIssue({ code: 'custom', path: ['channels'], message: NO_CHANNEL_MESSAGE })
  })
export type AlertSettingsValues = z.infer<typeof alertSettingsSchema>

export function toAlertSettingsInput(value: AlertSettingsValues) {
  return { enabled: value.enabled, delayMinutes: value.amount * delayUnits[value.unit], channels: value.channels }
}
