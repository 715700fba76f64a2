import { z } from 'zod'
import { guardMessages } from '@/lib/guards'
import { nameField, strongPassword, validationMessages } from '@/lib/validation'

const { required } = validationMessages

/** New-user form and the body of POST /user/register. */
export const newUserSchema = z.object({
  name: nameField(),
  email: z.string().trim().min(1, required).pipe(z.email(validationMessages.emailInvalid)),
  auth: z.string().min(1, required).pipe(strongPassword),
})
export type NewUserInput = z.infer<typeof newUserSchema>

/** 'Editar Usuário' dialog; with the user's e-mail it makes POST /user/detail/adm. */
export const editUserNameSchema = z.object({
  name: nameField(),
})
export type EditUserNameInput = z.infer<typeof editUserNameSchema>

/** The dialog's form: the name and, beyond the spec, the ads-center permission. */
export const editUserSchema = editUserNameSchema.extend({ viewAdsCenter: z.boolean(), emergencyOverride: z.boolean() })
export type EditUserInput = z.infer<typeof editUserSchema>

export const franchiseActions = ['ADD', 'DEL'] as const

/** 'Adicionar/remover franquia' dialog; with the user's e-mail it makes POST /user/franchise. */
export const userFranchiseSchema = z.object({
  action: z.enum(franchiseActions, { message: 'Ação inválida' }),
  franchiseSlug: z.string().min(1, required),
})
export type UserFranchiseInput = z.infer<typeof userFranchiseSchema>

export const adminGuardMessages = {
  notLoggedIn: 'Usuário não está logado.',
  notAdmin: 'Usuário não possui permissão administrativa.',
  loginRequired: guardMessages.loginRequired,
} as const
