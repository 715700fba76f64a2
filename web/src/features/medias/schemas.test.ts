// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/test/zod'
import { newFolderSchema, renameMediaSchema, uploadNamesSchema } from './schemas'

describe('rename media (Editar)', () => {
  it.each([
    ['', { mediaName: 'Campo obrigatório' }],
    ['   ', { mediaName: 'Campo obrigatório' }],
    ['a'.repeat(201), { mediaName: 'O nome pode ter no máximo 200 caracteres' }],
    ['Banner de verão', {}],
  ])('mediaName %j', (mediaName, expected) => {
    expect(fieldErrors(renameMediaSchema, { mediaName })).toEqual(expected)
  })

  it('trims the name it sends', () => {
    expect(renameMediaSchema.parse({ mediaName: '  Banner  ' })).toEqual({ mediaName: 'Banner' })
  })
})

describe('new folder (Nova Pasta)', () => {
  it.each([
    ['', { folderName: 'Campo obrigatório' }],
    ['  ', { folderName: 'Campo obrigatório' }],
    ['Natal|2024', { folderName: 'O nome da pasta não pode conter o caractere |' }],
    ['p'.repeat(101), { folderName: 'O nome da pasta pode ter no máximo 100 caracteres' }],
    ['Promoções 2024', {}],
  ])('folderName %j', (folderName, expected) => {
    expect(fieldErrors(newFolderSchema, { folderName })).toEqual(expected)
  })
})

describe('upload names', () => {
  it('requires a non-blank name for every file', () => {
    expect(fieldErrors(uploadNamesSchema, { files: [{ fileName: 'Logo' }, { fileName: ' ' }, { fileName: '' }] })).toEqual({
      'files.1.fileName': 'Preencha todos os campos',
      'files.2.fileName': 'Preencha todos os campos',
    })
  })

  it('limits names to 200 characters', () => {
    expect(fieldErrors(uploadNamesSchema, { files: [{ fileName: 'x'.repeat(201) }] })).toEqual({
      'files.0.fileName': 'O nome pode ter no máximo 200 caracteres',
    })
  })

  it('accepts named files', () => {
    expect(fieldErrors(uploadNamesSchema, { files: [{ fileName: 'Logo' }, { fileName: 'Vitrine 2' }] })).toEqual({})
  })
})
