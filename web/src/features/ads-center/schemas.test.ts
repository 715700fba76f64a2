// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { advertise, slotItem } from './test-utils'
import { adMediaSaveProblem } from './components/use-save-ad-media'
import { withoutItems, SLOT_UNLINK_REFUSED } from './media'
import { newAdParams } from './new-ad-params'
import { editAdSchema, newAdSchema } from './schemas'

const WHOLE = 'A duração do anúncio deve ser um número inteiro de 1 a 3600 segundos.'

describe("'New Ad'", () => {
  it.each([
    [{ name: '', duration: '' }, { name: 'Campo obrigatório', duration: 'Campo obrigatório' }],
    [{ name: 'Natal', duration: '0' }, { duration: 'Duração deve ser maior do que 0' }],
    [{ name: 'Natal', duration: 'dez' }, { duration: WHOLE }],
    [{ name: 'Natal', duration: 'abc' }, { duration: WHOLE }],
    [{ name: 'Natal', duration: '1.5' }, { duration: WHOLE }],
    [{ name: 'Natal', duration: '1,5' }, { duration: WHOLE }],
    [{ name: 'Natal', duration: '1e2' }, { duration: WHOLE }],
    [{ name: 'Natal', duration: '-3' }, { duration: 'Duração deve ser maior do que 0' }],
    [{ name: 'Natal', duration: '3601' }, { duration: WHOLE }],
    [{ name: 'Natal', duration: '3600' }, {}],
    [{ name: 'Natal', duration: '15' }, {}],
  ])('%o', (value, expected) => {
    expect(fieldErrors(newAdSchema, value)).toEqual(expected)
  })

  it('reads the calendar page query, or nothing when it is incomplete', () => {
    expect(newAdParams(new URLSearchParams('name=Natal&duration=15'))).toEqual({ name: 'Natal', duration: 15 })
    expect(newAdParams(new URLSearchParams('name=Natal'))).toBeNull()
  })

  it.each(['name=Natal&duration=15', 'name=%20Natal%20&duration=%2015%20', 'name=Natal', 'name=%20&duration=15', 'name=Natal&duration=0', 'name=Natal&duration=1.5', 'name=Natal&duration=-3', 'name=Natal&duration=1e2', 'name=Natal&duration=3601', `name=${'a'.repeat(121)}&duration=5`, `name=${'a'.repeat(120)}&duration=5`])(
    'reads %s as the form would',
    (query) => {
      const search = new URLSearchParams(query)
      const parsed = newAdSchema.safeParse({ name: search.get('name') ?? '', duration: search.get('duration') ?? '' })
      expect(newAdParams(search)).toEqual(parsed.success ? parsed.data : null)
    },
  )
})

describe('edit ad dialog', () => {
  it.each([
    [{ name: ' ', displayTime: '' }, { name: 'Pelo menos um dos campos devem ser preenchido' }],
    [{ name: '', displayTime: '0' }, { displayTime: 'Duração deve ser maior do que 0' }],
    [{ name: '', displayTime: '-3' }, { displayTime: 'Duração deve ser maior do que 0' }],
    [{ name: '', displayTime: '1.5' }, { displayTime: WHOLE }],
    [{ name: 'Natal', displayTime: '1e2' }, { displayTime: WHOLE }],
    [{ name: 'Natal', displayTime: 'abc' }, { displayTime: WHOLE }],
    [{ name: 'Natal', displayTime: '3601' }, { displayTime: WHOLE }],
    [{ name: 'Natal', displayTime: '' }, {}],
    [{ name: '', displayTime: '20' }, {}],
  ])('%o', (value, expected) => {
    expect(fieldErrors(editAdSchema, value)).toEqual(expected)
  })

  it('keeps what was left blank', () => {
    expect(editAdSchema.parse({ name: '', displayTime: '20' })).toEqual({ name: undefined, displayTime: 20 })
  })
})

describe('saving the media of an ad', () => {
  const ad = advertise()
  it.each([
    ['no user', { user: null, franchise: 'norte', adId: 'ad1', ad }, 'Usuário não está definido.'],
    ['no franchise', { user: {}, franchise: undefined, adId: 'ad1', ad }, 'Franquia não está definida.'],
    ['no ad id', { user: {}, franchise: 'norte', adId: '', ad }, 'ID do anúncio não está definido.'],
    ['no ad', { user: {}, franchise: 'norte', adId: 'ad1', ad: undefined }, 'Anúncio não encontrado.'],
    ['no dates', { user: {}, franchise: 'norte', adId: 'ad1', ad: { ...ad, endsAt: 0 } }, 'Anúncio inválido.'],
    ['everything', { user: {}, franchise: 'norte', adId: 'ad1', ad }, null],
  ])('needs a user, a franchise, the ad and its dates: %s', (_case, needs, expected) => {
    expect(adMediaSaveProblem(needs)).toBe(expected)
  })

  it('refuses to unlink a slot item', () => {
    const banner = { id: 'm1', name: 'Banner', displayTime: 10, dok: 127, timeGap: [], enabled: true, volume: 0, type: 'image' as const, url: 'x' }
    const media = [banner, slotItem('s', 'Slot')]
    expect(withoutItems(media, [1])).toEqual({ error: SLOT_UNLINK_REFUSED })
    expect(withoutItems(media, [0])).toEqual({ media: [{ id: 's', name: 'Slot', isAd: true, adSlots: 1, adTime: 10 }] })
  })
})

describe('ad forms: the name rule', () => {
  const message = 'O nome do anúncio pode ter no máximo 120 caracteres.'
  it('refuses a name of 121 characters with the ads message, on creation and on edit', () => {
    expect(fieldErrors(newAdSchema, { name: 'a'.repeat(121), duration: '10' })).toEqual({ name: message })
    expect(fieldErrors(newAdSchema, { name: 'a'.repeat(120), duration: '10' })).toEqual({})
    expect(fieldErrors(editAdSchema, { name: 'a'.repeat(121), displayTime: '' })).toEqual({ name: message })
    expect(fieldErrors(editAdSchema, { name: 'a'.repeat(121), displayTime: '0' })).toEqual({
      name: message,
      displayTime: 'Duração deve ser maior do que 0',
    })
    expect(fieldErrors(editAdSchema, { name: 'a'.repeat(120), displayTime: '' })).toEqual({})
  })
})
