import { orientationAngle } from '../orientation'

/** A sketch of the TV turned as its content will be, its top marked. */
export function OrientationPreview({ index }: { index: number }) {
  const angle = orientationAngle(index)
  return (
    <div className="flex size-32 items-center justify-center rounded-md border bg-muted/40" aria-hidden="true">
      <div
        className="flex h-14 w-24 items-center justify-center rounded-sm border-2 border-foreground/70 bg-background text-xs font-semibold transition-transform duration-300"
        style={{ transform: `rotate(${angle}deg)` }}
      >
        <span className="flex flex-col items-center leading-tight">
          <span>▲</span>
          <span>Topo</span>
        </span>
      </div>
    </div>
  )
}
