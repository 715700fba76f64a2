// A TV's content orientation is an index into these angles; the rotate
// buttons step through them and wrap around.
export const ORIENTATION_ANGLES = [0, 90, 180, 270] as const

export type OrientationIndex = 0 | 1 | 2 | 3

function normalize(index: number): OrientationIndex {
  const n = ORIENTATION_ANGLES.length
  return ((((Math.trunc(index) % n) + n) % n) as OrientationIndex)
}

/** The next index clockwise (+1) or counter-clockwise (-1), wrapping around. */
export function rotate(index: number, direction: 1 | -1): OrientationIndex {
  return normalize(index + direction)
}

export function orientationAngle(index: number) {
  return ORIENTATION_ANGLES[normalize(index)]
}

/** 0 and 2 (0° and 180°) are Horizontal, 1 and 3 (90° and 270°) Vertical. */
export function orientationLabel(index: number) {
  return normalize(index) % 2 === 0 ? 'Horizontal' : 'Vertical'
}
