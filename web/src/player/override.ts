// Emergency overrides on the player's own clock (DESIGN.md, Fleet
// operations): each playlist carries the TV's overrides in force or scheduled;
// the newest one in force is shown over schedule and footer — also while
// the store is closed and the screen rests — from its start until its end
// (0: until a push takes it away), offline too.
import type { components } from '../lib/api-types'

export type PlayerOverride = components['schemas']['PlayerOverride']

/** Whether o is in force at moment (epoch ms, server time). */
export function inForce(o: PlayerOverride, moment: number): boolean {
  return o.start <= moment && (o.end === 0 || moment < o.end)
}

/** The override to show at moment: the newest start among those in force; null when none is. */
export function overrideAt(overrides: readonly PlayerOverride[] | undefined, moment: number): PlayerOverride | null {
  let shown: PlayerOverride | null = null
  for (const o of overrides ?? []) {
    if (inForce(o, moment) && (shown === null || o.start > shown.start || (o.start === shown.start && o.id > shown.id))) shown = o
  }
  return shown
}

/** The next moment after `moment` when what overrideAt answers may change (a start or an end); null when none will. */
export function nextOverrideChange(overrides: readonly PlayerOverride[] | undefined, moment: number): number | null {
  let next: number | null = null
  for (const o of overrides ?? []) {
    for (const at of [o.start, o.end]) {
      if (at > moment && (next === null || at < next)) next = at
    }
  }
  return next
}

/** The override files to keep cached, before any other. */
export function overrideUrls(overrides: readonly PlayerOverride[] | undefined): string[] {
  const urls: string[] = []
  for (const o of overrides ?? []) {
    if (o.media?.url && urls.indexOf(o.media.url) < 0) urls.push(o.media.url)
  }
  return urls
}
