import { z } from 'zod'
import { NAME_MAX_LENGTH, nameTooLong } from './name-length'

// Validation pieces shared by several screens, with the product's messages.

export { NAME_MAX_LENGTH, nameTooLong }

export const validationMessages = {
  required: 'Campo obrigatório',
  emailRequired: 'Digite um e-mail',
  emailInvalid: 'Digite um e-mail válido',
  passwordRequired: 'Digite sua senha',
  passwordRule:
    'A senha deve conter pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula, um número e um caractere especial.',
  passwordsDiffer: 'As senhas não conferem.',
  nameTooLong: `O nome pode ter no máximo ${NAME_MAX_LENGTH} caracteres.`,
} as const

/**
 * A name typed in a form: trimmed, required ('Campo obrigatório'), at most
 * NAME_MAX_LENGTH characters. tooLong is the message of the place, the one its
 * server call would give.
 */
export const nameField = (tooLong: string = validationMessages.nameTooLong) =>
  z
    .string()
    .trim()
    .min(1, validationMessages.required)
    .refine((name) => !nameTooLong(name), tooLong)

/** At least 8 characters with an upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*- */
export const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,}$/

export const strongPassword = z.string().regex(PASSWORD_PATTERN, validationMessages.passwordRule)

/** E-mail with the sign-in messages: 'Digite um e-mail' when empty, 'Digite um e-mail válido' otherwise. */
export const emailField = z
  .string()
  .trim()
  .min(1, validationMessages.emailRequired)
  .pipe(z.email(validationMessages.emailInvalid))

/** Adds 'As senhas não conferem.' on `confirmField` when it differs from `field`. */
export function passwordsMatch<T extends Record<string, unknown>>(field: keyof T & string, confirmField: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[confirmField]) {
      ctx.addIssue({ code: 'custom', message: validationMessages.passwordsDiffer, path: [confirmField] })
    }
  }
}
