import { z } from 'zod'
import { emailField, passwordsMatch, strongPassword, validationMessages } from '@/lib/validation'

/** Sign-in form and the body of POST /user/auth. */
export const loginSchema = z.object({
  email: emailField,
  auth: z.string().min(1, validationMessages.passwordRequired),
})
export type LoginInput = z.infer<typeof loginSchema>

/** Password recovery form and the body of POST /user/request-reset-pwd. */
export const recoverPasswordSchema = z.object({
  email: emailField,
})
export type RecoverPasswordInput = z.infer<typeof recoverPasswordSchema>

/** Set-new-password form; `auth` and the code from the link make POST /user/reset-pwd-link. */
export const newPasswordSchema = z
  .object({
    auth: strongPassword,
    confirmAuth: z.string(),
  })
  .superRefine(passwordsMatch('auth', 'confirmAuth'))
export type NewPasswordInput = z.infer<typeof newPasswordSchema>
