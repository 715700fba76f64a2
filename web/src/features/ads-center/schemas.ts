import { z } from 'zod'
import { nameField, nameTooLong, validationMessages } from '@/lib/validation'
import { AD_VALIDATION } from './messages'
import { adDurationProblem } from './new-ad-params'

/** 'New Ad': name and duration in seconds, both required (spec 2 §5 'New ad'). */
export const newAdSchema = z.object({
  name: nameField(AD_VALIDATION.nameTooLong),
  duration: z
    .string()
    .trim()
    .min(1, validationMessages.required)
    .superRefine((value, ctx) => {
      const problem = adDurationProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform(Number),
})
export type NewAdInput = z.input<typeof newAdSchema>
export type NewAdValues = z.output<typeof newAdSchema>

/** The edit dialog: a new name, a new display time, or both (spec 2 §5 'Edit ad'). */
export const editAdSchema = z
  .object({ name: z.string(), displayTime: z.string() })
  .superRefine(({ name, displayTime }, ctx) => {
    const time = displayTime.trim()
    const timeProblem = time ? adDurationProblem(time) : null
    if (!name.trim() && !time) ctx.addIssue({ code: 'custom', path: ['name'], message: AD_VALIDATION.oneOf })
    else if (timeProblem) ctx.addIssue({ code: 'custom', path: ['displayTime'], message: timeProblem })
    if (nameTooLong(name.trim())) ctx.addIssue({ code: 'custom', path: ['name'], message: AD_VALIDATION.nameTooLong })
  })
  .transform(({ name, displayTime }) => ({
    name: name.trim() || undefined,
    displayTime: displayTime.trim() ? Number(displayTime.trim()) : undefined,
  }))
export type EditAdInput = z.input<typeof editAdSchema>
export type EditAdValues = z.output<typeof editAdSchema>
