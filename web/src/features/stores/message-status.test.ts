// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { messagePreview, messageRecipients, messageStatus } from './message-status'

describe('message status', () => {
  it.each([
    ['pending', 'Pendente', 'secondary'],
    ['sent', 'Enviada', 'outline'],
    ['delivered', 'Entregue', 'default'],
    ['read', 'Lida', 'default'],
    ['failed', 'Falhou', 'destructive'],
  ])('%s reads %s', (status, label, variant) => {
    expect(messageStatus(status)).toEqual({ label, variant })
  })

  it('shows a status it does not know as the server wrote it', () => {
    expect(messageStatus('queued')).toEqual({ label: 'queued', variant: 'outline' })
    expect(messageStatus('toString')).toEqual({ label: 'toString', variant: 'outline' })
  })
})

describe('message preview', () => {
  it('keeps a short message whole, on one line', () => {
    expect(messagePreview('Bom dia!\n\nA campanha  começa amanhã.')).toBe('Bom dia! A campanha começa amanhã.')
  })

  it('cuts a long message at a word', () => {
    const body = 'A nova campanha de verão começa amanhã em todas as lojas da rede, com vídeos novos nas TVs do caixa.'
    const preview = messagePreview(body)
    expect(preview).toBe('A nova campanha de verão começa amanhã em todas as lojas da rede, com vídeos…')
    expect(preview.length).toBeLessThanOrEqual(81)
  })

  it('cuts a long word where it must', () => {
    expect(messagePreview('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`)
  })
})

describe('message recipients', () => {
  it('lists the contacts with the phone', () => {
    expect(messageRecipients({ contacts: ['Clara (Loja Norte)', 'Clara (Loja Sul)'] })).toBe('Clara (Loja Norte), Clara (Loja Sul)')
    expect(messageRecipients({ contacts: [] })).toBe('')
  })
})
