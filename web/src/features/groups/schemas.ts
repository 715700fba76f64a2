import { z } from 'zod'
import { digitsOf } from '@/lib/masks'
import { nameField } from '@/lib/validation'

/** The catalogue's message for a CNPJ the server refuses (1043); also used for an incomplete one. */
export const INVALID_DOCUMENT = 'Documento inválido.'

/**
 * 'Adicionar Grupo' / 'Editar Grupo'. The CNPJ is optional; when given it has
 * 14 digits. 'Publicar conteúdo local sem aprovação': what the stores send to
 * the local spaces plays at once, without the network's approval.
 */
export const groupSchema = z.object({
  name: nameField(),
  document: z.string().refine((value) => {
    const digits = digitsOf(value)
    return digits.length === 0 || digits.length === 14
  }, INVALID_DOCUMENT),
  localWithoutApproval: z.boolean(),
})
export type GroupFormValues = z.infer<typeof groupSchema>

/** The body of POST /franchise[/{slug}]: the CNPJ without its mask ("" removes it). */
export function toGroupBody(values: GroupFormValues) {
  return { name: values.name.trim(), document: digitsOf(values.document), localWithoutApproval: values.localWithoutApproval }
}
export type GroupBody = ReturnType<typeof toGroupBody>
