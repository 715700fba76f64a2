// The footer bar (spec 2 §3 "Footer", §9 defaults) as both the console's
// previews and the player draw it: its default look and its clock.
import { localTime } from './playback'

/** Spec 2 §9's default footer, for a field a stored footer lacks. */
export const FOOTER_DEFAULTS = {
  height: 64,
  bgColor: '#dfdfdf',
  color: '#000000',
  fSize: 22,
  fWeight: 700,
  clockColor: '#000000',
  clockSize: 40,
  weatherSize: 35,
  quoteGap: 20,
  quoteSize: 30,
  green: '#008800',
  red: '#aa0000',
} as const

const pad = (n: number) => (n < 10 ? '0' : '') + n

/** The footer clock: 'HH:MM' at `moment` (epoch ms) on the screen's wall clock. */
export function clockText(moment: number, timeZone: string): string {
  const t = localTime(moment, timeZone)
  return `${pad(t.hour)}:${pad(t.minute)}`
}
