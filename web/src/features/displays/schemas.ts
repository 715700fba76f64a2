import { z } from 'zod'
import { nameField, validationMessages } from '@/lib/validation'

const requiredText = z.string().trim().min(1, validationMessages.required)

/** 'Adicionar Televisor' / 'Editar Televisor'. */
export const displaySchema = z.object({
  name: nameField(),
  device: requiredText,
  contentOrientation: z.number().int().min(0).max(3),
  scheduleId: z.string().optional(),
})
export type DisplayFormValues = z.infer<typeof displaySchema>
