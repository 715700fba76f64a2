import { z } from 'zod'
import { guardMessages } from '@/lib/guards'
import { digitsOf, isValidPhone, maskPhone, phoneDigitsOf } from '@/lib/masks'
import { isTimeZone } from '@/lib/time-zones'
import { NAME_MAX_LENGTH, nameField, nameTooLong, validationMessages } from '@/lib/validation'

const { required } = validationMessages

export const storeMessages = {
  invalidPhone: 'Telefone inválido',
  repeatedPhone: 'Já existe um contato com este telefone.',
  contactTooLong: `Nome e cargo do contato podem ter no máximo ${NAME_MAX_LENGTH} caracteres.`,
  draftIncomplete: 'O contato em edição está incompleto: complete-o e clique em Adicionar contato, ou limpe os campos.',
  invalidTimeZone: 'Fuso horário inválido: escolha um fuso da lista, como America/Sao_Paulo.',
  messageRequired: 'Mensagem é obrigatória',
  storesRequired: 'Seleciona pelo menos um estabelecimento',
  groupRequired: guardMessages.groupRequired,
  loginRequired: guardMessages.loginRequired,
} as const

const requiredText = z.string().trim().min(1, required)
/** A contact's name or role: required, and as long as a name at most (the server's message). */
const contactText = requiredText.refine((text) => !nameTooLong(text), storeMessages.contactTooLong)

/** A store contact; the phone may carry the mask. */
export const contactSchema = z.object({
  name: contactText,
  role: contactText,
  phone: z.string().refine(isValidPhone, storeMessages.invalidPhone),
  receiveNotify: z.boolean().default(true),
})
export type ContactInput = z.input<typeof contactSchema>
export type Contact = z.output<typeof contactSchema>

/** The store's own phone is optional; when given, 10 or 11 digits like a contact's. */
const optionalPhone = (value: string) => !digitsOf(value) || isValidPhone(value)

/** 'Adicionar Loja' / 'Editar Loja'. */
export const storeSchema = z.object({
  name: nameField(),
  region: requiredText,
  state: requiredText,
  city: requiredText,
  phone: z.string().refine(optionalPhone, storeMessages.invalidPhone).default(''),
  /** IANA name; the store's TVs read every wall clock in it. */
  timeZone: z.string().trim().refine(isTimeZone, storeMessages.invalidTimeZone),
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

/** A draft with nothing typed in it. */
export function isBlankContact(contact: ContactInput) {
  return !contact.name.trim() && !contact.role.trim() && !digitsOf(contact.phone)
}

/**
 * The contacts a store is saved with: the list, plus the contact still being
 * typed when it is valid. The form refuses to save while the draft is
 * neither blank nor valid (nothing typed is ever dropped without a word).
 */
export function contactsWithDraft(contacts: ContactInput[], draft: ContactInput | null): ContactInput[] {
  if (!draft || isBlankContact(draft) || !contactSchema.safeParse(draft).success) return contacts
  return [...contacts, draft]
}

/** Whether another contact than the one at index except has phone (compared by its digits). */
export function phoneTaken(contacts: { phone: string }[], phone: string, except: number | null = null) {
  const digits = phoneDigitsOf(phone)
  return contacts.some((contact, index) => index !== except && phoneDigitsOf(contact.phone) === digits)
}

/**
 * The first phone two contacts share, masked, or null: the store is not
 * saved with it (the server refuses it too), the user removes one.
 */
export function repeatedPhone(contacts: { phone: string }[]): string | null {
  const seen = new Set<string>()
  for (const contact of contacts) {
    const digits = phoneDigitsOf(contact.phone)
    if (seen.has(digits)) return maskPhone(digits)
    seen.add(digits)
  }
  return null
}

/** The message for two contacts with one phone, as the server words it. */
export function repeatedPhoneMessage(phone: string) {
  return `Dois contatos com o telefone ${phone}: remova um deles.`
}

/** The body of POST /store/{franchise}[/{storeSlug}]: trimmed fields, bare phone digits. */
export function toStoreBody(values: StoreFormValues) {
  const contacts = values.contacts.map((contact) => ({
    name: contact.name.trim(),
    role: contact.role.trim(),
    phone: phoneDigitsOf(contact.phone),
    receiveNotify: contact.receiveNotify,
  }))
  return {
    name: values.name.trim(),
    region: values.region.trim(),
    state: values.state.trim(),
    city: values.city.trim(),
    phone: phoneDigitsOf(values.phone),
    timeZone: values.timeZone.trim(),
    contacts,
  }
}
export type StoreBody = ReturnType<typeof toStoreBody>
