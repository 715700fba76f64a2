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

export const AD_VALIDATION = {
  positive: 'Duração deve ser maior do que 0',
  oneOf: 'Pelo menos um dos campos devem ser preenchido',
  /** The server's words for an advertisement's name past the limit. */
  nameTooLong: `O nome do anúncio pode ter no máximo ${NAME_MAX_LENGTH} caracteres.`,
} as const
