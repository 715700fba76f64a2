import { z } from 'zod'
import { NAME_MAX_LENGTH, nameTooLong } from './name-length'
import { isWholeNumberIn, typedNumber } from './whole-number'

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

// Numeric fields: the text as typed, read by lib/whole-number.ts (without
// zod, for the screens that draw before the form libraries arrive).
export { isWholeNumberIn, typedNumber }

type WholeNumberMessages = {
  /** Not a whole number within the bounds ('1.5', '-3', '0', '999'). */
  range: string
  /** Not a number at all ('abc', '1e2'); the range message without it. */
  invalid?: string
  /** Left empty; the invalid message without it. */
  required?: string
}

/**
 * A numeric text field's schema: the text as typed, refused with the field's
 * message unless it is a whole number from min to max; its output is the number.
 */
export const wholeNumberField = (min: number, max: number, messages: WholeNumberMessages) =>
  z
    .string()
    .superRefine((text, ctx) => {
      const t = text.trim()
      const invalid = messages.invalid ?? messages.range
      if (t === '') ctx.addIssue({ code: 'custom', message: messages.required ?? invalid })
      else if (Number.isNaN(typedNumber(t))) ctx.addIssue({ code: 'custom', message: invalid })
      else if (!isWholeNumberIn(t, min, max)) ctx.addIssue({ code: 'custom', message: messages.range })
    })
    .transform((text) => Number(text.trim()))
