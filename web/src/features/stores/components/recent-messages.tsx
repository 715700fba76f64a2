import * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format'
import { maskPhone } from '@/lib/masks'
import { cn } from '@/lib/utils'
import { useStoreMessages } from '../api/get-store-messages'
import type { StoreMessage } from '../api/types'
import { messagePreview, messageRecipients, messageStatus } from '../message-status'

/**
 * 'Mensagens recentes': the franchise's latest WhatsApp messages under the
 * message form, each with its contacts, phone, a preview, the time and the
 * delivery status. Nothing shows while there are none or when the list cannot
 * be read; the form works either way.
 */
export function RecentMessages({ franchise }: { franchise: string | undefined }) {
  const messages = useStoreMessages(franchise)
  const headingId = React.useId()
  if (messages.isPending && messages.fetchStatus !== 'idle') {
    return (
      <section className="grid gap-3 border-t pt-4" aria-labelledby={headingId} aria-busy="true">
        <h3 id={headingId} className="text-sm font-semibold">
          Mensagens recentes
        </h3>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </section>
    )
  }
  if (!messages.data?.length) return null
  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        Mensagens recentes
      </h3>
      <ul className="-mr-2 grid max-h-64 gap-2 overflow-y-auto pr-2" aria-labelledby={headingId}>
        {messages.data.map((message) => (
          <MessageRow key={message.id} message={message} />
        ))}
      </ul>
    </section>
  )
}

function MessageRow({ message }: { message: StoreMessage }) {
  const status = messageStatus(message.status)
  const recipients = messageRecipients(message)
  const phone = maskPhone(message.phone)
  const failed = message.status === 'failed'
  return (
    <li className={cn('grid gap-1 rounded-md border px-3 py-2 text-sm', failed && 'border-destructive/40')}>
      <div className="flex items-start justify-between gap-3">
        <span className="min-w-0 truncate font-medium" title={recipients || phone}>
          {recipients || phone}
        </span>
        <Badge variant={status.variant} title={failed && message.error ? message.error : undefined}>
          {status.label}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-x-2 text-xs text-muted-foreground tabular-nums">
        {recipients && <span>{phone}</span>}
        {recipients && <span aria-hidden="true">·</span>}
        <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
      </div>
      <p className="truncate text-muted-foreground" title={message.body}>
        {messagePreview(message.body)}
      </p>
      {failed && message.error && <p className="text-xs text-destructive">{message.error}</p>}
    </li>
  )
}
