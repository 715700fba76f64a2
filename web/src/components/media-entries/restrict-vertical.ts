import type { Modifier } from '@dnd-kit/core'

/** Rows move up and down only (the @dnd-kit/modifiers one, without another package). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 })
