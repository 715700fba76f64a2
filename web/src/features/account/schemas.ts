import { z } from 'zod'
import { nameField, passwordsMatch, strongPassword, validationMessages } from '@/lib/validation'

/** Change-password form; without `confirmAuth` it is the body of POST /user/pwd. */
export const changePasswordSchema = z
  .object({
    currentAuth: z.string().min(1, validationMessages.required),
    auth: strongPassword,
    confirmAuth: z.string(),
  })
  .superRefine(passwordsMatch('auth', 'confirmAuth'))
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/** Change-name form. */
export const updateNameSchema = z.object({
  name: nameField(),
})
export type UpdateNameInput = z.infer<typeof updateNameSchema>
