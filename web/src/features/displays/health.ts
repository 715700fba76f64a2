// How the console words a TV's health report (the problems and their labels
// come from the server, internal/display/health.go).

/** Bytes as pt-BR: '1,5 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`
}

/** A duration in seconds as pt-BR: '3 d 4 h', '2 h 5 min', '40 s'. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400)
  const h = Math.floor((seconds % 86400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  if (d > 0) return `${d} d ${h} h`
  if (h > 0) return `${h} h ${m} min`
  if (m > 0) return `${m} min`
  return `${Math.max(0, Math.floor(seconds))} s`
}

/** The clock offset (box minus server, ms) as pt-BR. */
export function formatClock(offsetMs: number): string {
  const s = Math.round(Math.abs(offsetMs) / 1000)
  if (s < 2) return 'Em dia com o servidor'
  const amount = s < 120 ? `${s} s` : formatUptime(s)
  return offsetMs > 0 ? `${amount} adiantado` : `${amount} atrasado`
}

/** The accessible name of a TV's warning badge. */
export function problemsName(labels: string[]): string {
  return `Problemas: ${labels.join('; ')}`
}
