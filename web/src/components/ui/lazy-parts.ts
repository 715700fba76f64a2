import { chunk } from '@/lib/lazy'

/**
 * The code of a Radix part (menu, popover, tooltip) that a screen draws only
 * as its button until first used: `load` fetches it once (again after a
 * failed fetch), `current` is the module once it has arrived. The buttons
 * call `load` when first hovered or focused, so a click seldom waits for it.
 */
export type LazyParts<M> = { load: () => Promise<M>; current: () => M | undefined }

function lazyParts<M>(importer: () => Promise<M>): LazyParts<M> {
  const parts = chunk(importer)
  return { load: parts, current: parts.loaded }
}

export type MenuParts = typeof import('./dropdown-menu')
export type PopoverParts = typeof import('./popover')
export type TooltipParts = typeof import('./tooltip')

export const menuParts = lazyParts<MenuParts>(() => import('./dropdown-menu'))
export const popoverParts = lazyParts<PopoverParts>(() => import('./popover'))
export const tooltipParts = lazyParts<TooltipParts>(() => import('./tooltip'))

/** Starts fetching `parts` (on a trigger's first hover or focus); errors wait for the click. */
export function preload(parts: LazyParts<unknown>) {
  void parts.load().catch(() => {})
}
