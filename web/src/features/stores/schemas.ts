import { z } from 'zod'
import { guardMessages } from '@/lib/guards'
import { digitsOf, isValidPhone } from '@/lib/masks'
import { validationMessages } from '@/lib/validation'

const { required } = validationMessages

export const storeMessages = {
  invalidPhone: 'Telefone inválido',
  messageRequired: 'Mensagem é obrigatória',
  storesRequired: 'Seleciona pelo menos um estabelecimento',
  groupRequired: guardMessages.groupRequired,
  loginRequired: guardMessages.loginRequired,
} as const

const requiredText = z.string().trim().min(1, required)

/** A store contact; the phone may carry the mask. */
export const contactSchema = z.object({
  name: requiredText,
  role: requiredText,
  phone: z.string().refine(isValidPhone, storeMessages.invalidPhone),
  receiveNotify: z.boolean().default(true),
})
export type ContactInput = z.input<typeof contactSchema>
export type Contact = z.output<typeof contactSchema>

/** The store's own phone is optional; when given, 10 or 11 digits like a contact's. */
const optionalPhone = (value: string) => !digitsOf(value) || isValidPhone(value)

/** 'Adicionar Loja' / 'Editar Loja'. */
export const storeSchema = z.object({
  name: requiredText,
  region: requiredText,
  state: requiredText,
  city: requiredText,
  phone: z.string().refine(optionalPhone, storeMessages.invalidPhone).default(''),
  contacts: z.array(contactSchema),
})
export type StoreFormInput = z.input<typeof storeSchema>
export type StoreFormValues = z.output<typeof storeSchema>

/** 'Enviar mensagem para lojas'; also the body of POST /store/{franchise}/notify. */
export const messageSchema = z.object({
  message: z.string().trim().min(1, storeMessages.messageRequired),
  storeSlugList: z.array(z.string()).min(1, storeMessages.storesRequired),
})
export type MessageInput = z.infer<typeof messageSchema>

/** An empty contact draft, the way the contact form starts. */
export const emptyContact: ContactInput = { name: '', role: '', phone: '', receiveNotify: true }

function isBlank(contact: ContactInput) {
  return !contact.name.trim() && !contact.role.trim() && !digitsOf(contact.phone)
}

/**
 * The contacts a store is saved with: the list, plus the contact still being
 * typed when it is valid. An invalid draft is silently left out.
 */
export function contactsWithDraft(contacts: ContactInput[], draft: ContactInput | null): ContactInput[] {
  if (!draft || isBlank(draft) || !contactSchema.safeParse(draft).success) return contacts
  return [...contacts, draft]
}

/** Keeps the first contact of each phone number (compared by its digits). */
export function dropDuplicatePhones<T extends { phone: string }>(contacts: T[]): T[] {
  const seen = new Set<string>()
  return contacts.filter((contact) => {
    const digits = digitsOf(contact.phone)
    if (seen.has(digits)) return false
    seen.add(digits)
    return true
  })
}

/** The body of POST /store/{franchise}[/{storeSlug}]: trimmed fields, bare phone digits. */
export function toStoreBody(values: StoreFormValues, options: { dropDuplicates: boolean }) {
  const contacts = values.contacts.map((contact) => ({
    name: contact.name.trim(),
    role: contact.role.trim(),
    phone: digitsOf(contact.phone),
    receiveNotify: contact.receiveNotify,
  }))
  return {
    name: values.name.trim(),
    region: values.region.trim(),
    state: values.state.trim(),
    city: values.city.trim(),
    phone: digitsOf(values.phone),
    contacts: options.dropDuplicates ? dropDuplicatePhones(contacts) : contacts,
  }
}
export type StoreBody = ReturnType<typeof toStoreBody>
