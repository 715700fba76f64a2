// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { byName } from '@/lib/format'
import { filterStores } from './filter-stores'

const stores = [
  { slug: 'loja-10', name: 'Loja 10' },
  { slug: 'loja-2', name: 'Loja 2' },
  { slug: 'sao-paulo', name: 'São Paulo Centro' },
  { slug: 'loja-1', name: 'loja 1' },
]

describe('filterStores', () => {
  it('lists every store by name, numbers by value, ignoring case', () => {
    expect(filterStores(stores, null, '').map((s) => s.name)).toEqual(['loja 1', 'Loja 2', 'Loja 10', 'São Paulo Centro'])
  })

  it('keeps only the store chosen in the dropdown', () => {
    expect(filterStores(stores, 'loja-2', '').map((s) => s.slug)).toEqual(['loja-2'])
  })

  it('finds names by free text, ignoring case and accents', () => {
    expect(filterStores(stores, null, 'SAO').map((s) => s.slug)).toEqual(['sao-paulo'])
    expect(filterStores(stores, null, ' loja 1').map((s) => s.slug)).toEqual(['loja-1', 'loja-10'])
  })

  it('applies both filters together', () => {
    expect(filterStores(stores, 'loja-2', 'paulo')).toEqual([])
  })
})

describe('store dropdown order', () => {
  it('is numeric-aware', () => {
    expect([...stores].sort(byName).map((s) => s.name)).toEqual(['loja 1', 'Loja 2', 'Loja 10', 'São Paulo Centro'])
  })
})
