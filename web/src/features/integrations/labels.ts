import type { TokenScope } from './api/types'

/** The scopes in the page's order, with their pt-BR names and what each allows. */
export const scopeLabels: Record<TokenScope, string> = {
  read: 'Leitura',
  media: 'Envio de mídias',
  schedules: 'Programações',
  displays: 'TVs e vínculos',
  overrides: 'Mensagens de emergência',
  ads: 'Central de Anúncios',
}

export const scopeDescriptions: Record<TokenScope, string> = {
  read: 'Consulta lojas, TVs, programações, mídias e a atividade.',
  media: 'Envia, renomeia e exclui mídias da biblioteca.',
  schedules: 'Cria e altera programações e seus itens.',
  displays: 'Cria, altera e exclui TVs e escolhe a programação de cada uma.',
  overrides: 'Inicia e encerra mensagens de emergência.',
  ads: 'Consulta e altera os anúncios da Central de Anúncios.',
}

export const SCOPES: TokenScope[] = ['read', 'media', 'schedules', 'displays', 'overrides', 'ads']

/** 'Nunca usado', or when it was last used (written at most once a minute). */
export function lastUseLabel(lastUsedAt: number, format: (ms: number) => string) {
  return lastUsedAt > 0 ? format(lastUsedAt) : 'Nunca usado'
}

/** Whether the token has expired at now. */
export function expired(expiresAt: number, now: number) {
  return expiresAt <= now
}
