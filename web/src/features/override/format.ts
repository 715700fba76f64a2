import { formatDateTime } from '@/lib/format'
import type { Override } from './api/overrides'

export const stateLabels: Record<Override['state'], string> = {
  active: 'Em exibição',
  scheduled: 'Agendada',
  ended: 'Terminada',
  cleared: 'Encerrada',
}

/** Where an override shows, in words. */
export function targetLabel(o: Pick<Override, 'target' | 'targetNames'>): string {
  if (o.target === 'all') return 'Todas as TVs'
  const names = o.targetNames.length > 0 ? o.targetNames.join(', ') : '—'
  return o.target === 'stores' ? `Lojas: ${names}` : `TVs: ${names}`
}

/** Its period, in words. */
export function periodLabel(o: Pick<Override, 'startsAt' | 'endsAt'>): string {
  const end = o.endsAt ? `até ${formatDateTime(o.endsAt)}` : 'até ser encerrada'
  return `De ${formatDateTime(o.startsAt)} ${end}`
}

/** 'N de M TVs confirmaram'. */
export function ackLabel(acked: number, reach: number): string {
  return `${acked} de ${reach} ${reach === 1 ? 'TV confirmou' : 'TVs confirmaram'}`
}

/** 'Exibir em 12 TVs?' */
export function confirmTitle(reach: number): string {
  return `Exibir em ${reach} ${reach === 1 ? 'TV' : 'TVs'}?`
}

/** WCAG contrast ratio of two #RRGGBB colours (the server refuses below 3). */
export function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const v = parseInt(hex.slice(1), 16)
    const ch = (c: number) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * ch((v >> 16) & 255) + 0.7152 * ch((v >> 8) & 255) + 0.0722 * ch(v & 255)
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

export const HEX = /^#[0-9a-fA-F]{6}$/
export const MIN_CONTRAST = 3
