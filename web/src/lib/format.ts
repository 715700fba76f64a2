import { format } from 'date-fns'
import { ptBR } from 'date-fns/locale'
import { compareNames } from './name-order'

/** Comparator of things with a name, in the product's one name order (see name-order.ts). */
export function byName<T extends { name: string }>(a: T, b: T) {
  return compareNames(a.name, b.name)
}

export function formatDate(value: number | Date, pattern = 'dd/MM/yyyy') {
  return format(value, pattern, { locale: ptBR })
}

export function formatDateTime(value: number | Date) {
  return format(value, "dd/MM/yyyy 'às' HH:mm", { locale: ptBR })
}

/** Prices always show two decimals. */
export function formatPrice(value: number) {
  return value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
