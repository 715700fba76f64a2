// How long the player waits before trying the server again.

/** The first wait's upper bound. */
export const BACKOFF_BASE_MS = 1_000
/** No wait is longer: a box whose network came back plays the new schedule within half a minute. */
export const BACKOFF_CAP_MS = 30_000

/**
 * The wait before retry number `attempt` (0 for the first): exponential,
 * capped, with "equal jitter" — a random point in the upper half of the
 * step — so the thousands of boxes a server restart drops do not all come
 * back in the same instant, yet none retries sooner than half its step.
 * `random` gives a number in [0, 1), like Math.random.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 30)))
  return Math.round(step / 2 + random() * (step / 2))
}
