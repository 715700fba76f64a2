// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { displaySchema } from './schemas'

describe('TV form', () => {
  it('requires name and device code', () => {
    expect(fieldErrors(displaySchema, { name: '', device: ' ', contentOrientation: 0 })).toEqual({
      name: 'Campo obrigatório',
      device: 'Campo obrigatório',
    })
  })

  it('needs an orientation index from 0 to 3', () => {
    expect(fieldErrors(displaySchema, { name: 'TV 1', device: 'ABC123', contentOrientation: 4 })).toHaveProperty('contentOrientation')
    expect(fieldErrors(displaySchema, { name: 'TV 1', device: 'ABC123', contentOrientation: 3 })).toEqual({})
  })

  it('takes an optional schedule', () => {
    expect(fieldErrors(displaySchema, { name: 'TV 1', device: 'ABC123', contentOrientation: 0, scheduleId: 'x' })).toEqual({})
  })
})

describe('TV form: the name rule', () => {
  it('refuses a name of 121 characters with the server message', () => {
    expect(fieldErrors(displaySchema, { name: 'a'.repeat(121), device: 'ABCDEF', contentOrientation: 0 })).toEqual({ name: 'O nome pode ter no máximo 120 caracteres.' })
    expect(fieldErrors(displaySchema, { name: 'a'.repeat(120), device: 'ABCDEF', contentOrientation: 0 })).toEqual({})
  })
})
