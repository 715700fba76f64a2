// The advertisement's media list in the editor: what its saves send.
import { isAdSlot } from '@/lib/playback'
import type { AdMediaInput, AdMediaItem } from './api/types'
import { toMediaInput } from './api/update-ad'

/** Unlinking a slot item is refused (spec 2 §4 'Ads'). */
export const SLOT_UNLINK_REFUSED = 'Não é possível desvincular uma vaga de anúncio.'
/** Nor is a slot item edited: an advertisement holds media only. */
export const SLOT_EDIT_REFUSED = 'Não é possível editar uma vaga de anúncio.'

/** An item the add/edit media form made (a schedule entry's rules; an ad item has no 'stretch'). */
type FormItem = AdMediaInput & { stretch?: boolean }

/**
 * The list to save after the add/edit media form: new items go to the end;
 * an edit replaces the item at `editIndex` (with several when several images
 * were chosen).
 */
export function withFormItems(items: readonly AdMediaItem[], added: readonly FormItem[], editIndex?: number): AdMediaInput[] {
  const fresh = added.map(({ stretch: _stretch, ...item }) => item)
  const rest = items.map(toMediaInput)
  if (editIndex === undefined) return [...rest, ...fresh]
  rest.splice(editIndex, 1, ...fresh)
  return rest
}

/**
 * The list to save without the items at `indexes` (unlink one, or the
 * selected ones); refused when one of them is a slot item.
 */
export function withoutItems(items: readonly AdMediaItem[], indexes: Iterable<number>): { media: AdMediaInput[] } | { error: string } {
  const drop = new Set(indexes)
  if (items.some((item, i) => drop.has(i) && isAdSlot(item))) return { error: SLOT_UNLINK_REFUSED }
  return { media: items.filter((_item, i) => !drop.has(i)).map(toMediaInput) }
}
