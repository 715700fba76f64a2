import { z } from 'zod'
import type { SSOInput, SSOSettings } from './api/sso-settings'

export const ssoMessages = {
  issuer: 'Informe o endereço do provedor (issuer) com https://.',
  clientId: 'Informe o client ID.',
  clientSecret: 'Informe o client secret.',
  domains: 'Informe ao menos um domínio de e-mail.',
  domain: 'Domínio inválido: informe só o que vem depois do @, como empresa.com.br.',
  franchiseeStores: 'Escolha ao menos uma loja para o franqueado.',
  storeManagerStores: 'Escolha no máximo uma loja para o gerente de loja.',
} as const

/** The domains as typed: separated by commas, spaces or lines, without a leading @. */
export function splitDomains(text: string) {
  return [...new Set(text.split(/[\s,;]+/).map((d) => d.trim().replace(/^@/, '').toLowerCase()).filter(Boolean))]
}

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/

/** The 'Login único' form; `secretSet` says a secret is kept, so an empty one keeps it. */
export function ssoSchema(secretSet: boolean) {
  return z
    .object({
      issuer: z
        .string()
        .trim()
        .refine((v) => /^https:\/\/[^\s]+$/.test(v) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/[^\s]*)?$/.test(v), ssoMessages.issuer),
      clientId: z.string().trim().min(1, ssoMessages.clientId),
      clientSecret: z.string(),
      domains: z
        .string()
        .refine((v) => splitDomains(v).length > 0, ssoMessages.domains)
        .refine((v) => splitDomains(v).every((d) => domainPattern.test(d)), ssoMessages.domain),
      role: z.enum(['network', 'franchisee', 'store']),
      stores: z.array(z.string()),
      allowPassword: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!secretSet && v.clientSecret.trim() === '') ctx.addIssue({ code: 'custom', message: ssoMessages.clientSecret, path: ['clientSecret'] })
      if (v.role === 'franchisee' && v.stores.length === 0) ctx.addIssue({ code: 'custom', message: ssoMessages.franchiseeStores, path: ['stores'] })
      if (v.role === 'store' && v.stores.length > 1) ctx.addIssue({ code: 'custom', message: ssoMessages.storeManagerStores, path: ['stores'] })
    })
}
export type SSOFormValues = z.infer<ReturnType<typeof ssoSchema>>

export function toFormValues(s: SSOSettings): SSOFormValues {
  return {
    issuer: s.issuer,
    clientId: s.clientId,
    clientSecret: '',
    domains: s.domains.join(', '),
    role: s.role,
    stores: s.stores,
    allowPassword: s.allowPassword,
  }
}

export function toSSOInput(v: SSOFormValues): SSOInput {
  return {
    issuer: v.issuer.trim(),
    clientId: v.clientId.trim(),
    clientSecret: v.clientSecret.trim() || undefined,
    domains: splitDomains(v.domains),
    role: v.role,
    stores: v.role === 'network' ? [] : v.stores,
    allowPassword: v.allowPassword,
  }
}
