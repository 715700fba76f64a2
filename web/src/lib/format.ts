import { format } from 'date-fns'
import { ptBR } from 'date-fns/locale'

/** pt-BR collation: case- and accent-insensitive, numbers in numeric order ("Loja 2" before "Loja 10"). */
export const ptCollator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })

export function byName<T extends { name: string }>(a: T, b: T) {
  return ptCollator.compare(a.name, b.name)
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
