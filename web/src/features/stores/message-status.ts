import type { StoreMessage, StoreMessageStatus } from './api/types'

type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline'

/** How each delivery status of a WhatsApp message reads in the console. */
export const messageStatuses: Record<StoreMessageStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pendente', variant: 'secondary' },
  sent: { label: 'Enviada', variant: 'outline' },
  delivered: { label: 'Entregue', variant: 'default' },
  read: { label: 'Lida', variant: 'default' },
  failed: { label: 'Falhou', variant: 'destructive' },
}

/** The badge of a status; a status this console does not know yet shows as the server wrote it. */
export function messageStatus(status: string): { label: string; variant: BadgeVariant } {
  return Object.hasOwn(messageStatuses, status) ? messageStatuses[status as StoreMessageStatus] : { label: status, variant: 'outline' }
}

export const MESSAGE_PREVIEW_LENGTH = 80

/** The start of a message on one line: spaces and line breaks collapsed, cut at a word with '…'. */
export function messagePreview(body: string, length = MESSAGE_PREVIEW_LENGTH) {
  const text = body.replace(/\s+/g, ' ').trim()
  if (text.length <= length) return text
  const cut = text.slice(0, length)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Who a message went to: the contacts with that phone, as the server names them ("Nome (Loja)"). */
export function messageRecipients(message: Pick<StoreMessage, 'contacts'>) {
  return message.contacts.join(', ')
}
