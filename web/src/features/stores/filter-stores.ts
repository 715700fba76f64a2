import { sortByName } from '@/lib/name-order'

function fold(text: string) {
  // Case and accents do not matter: "sao" finds "São Paulo".
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('pt-BR')
}

/**
 * The overview's store filters: the store chosen in the dropdown (null for
 * all), then the free text on the name. In name order (lib/name-order.ts).
 */
export function filterStores<T extends { slug: string; name: string }>(stores: T[], chosen: string | null, text: string): T[] {
  const needle = fold(text.trim())
  const matches = stores.filter((store) => (chosen === null || store.slug === chosen) && (!needle || fold(store.name).includes(needle)))
  return sortByName(matches)
}
