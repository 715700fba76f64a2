// The ads center's texts from spec 2 §5 and §8, in one place.
import { NAME_MAX_LENGTH } from '@/lib/name-length'

/** Fallbacks of the failure toasts (the server's message wins when it has one). */
export const AD_ERRORS = {
  create: 'Ocorreu algum erro ao criar o anúncio.',
  delete: 'Ocorreu algum erro ao excluir o anúncio.',
  /** Name and display time. */
  update: 'Ocorreu um erro ao atualizar o anúncio.',
  /** The media list. */
  save: 'Ocorreu um erro ao salvar o anúncio.',
} as const

/** Guard messages: what an action says when it runs without what it needs. */
export const AD_GUARDS = {
  idUndefined: 'ID do anúncio não está definido.',
  notFound: 'Anúncio não encontrado.',
} as const

/** The longest ad, in seconds (internal/advertise MaxDisplayTime, the longest ad slot position). */
export const MAX_AD_SECONDS = 3600

export const AD_VALIDATION = {
  positive: 'Duração deve ser maior do que 0',
  /** The server's words for a duration that is not a whole number of 1 to 3600 seconds. */
  whole: `A duração do anúncio deve ser um número inteiro de 1 a ${MAX_AD_SECONDS} segundos.`,
  oneOf: 'Pelo menos um dos campos devem ser preenchido',
  /** The server's words for an advertisement's name past the limit. */
  nameTooLong: `O nome do anúncio pode ter no máximo ${NAME_MAX_LENGTH} caracteres.`,
} as const
