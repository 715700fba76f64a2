// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorToast } from '@/hooks/use-toast'
import { guardMessages, requireFranchise, requireUser } from './guards'

vi.mock('@/hooks/use-toast', () => ({ errorToast: vi.fn() }))

describe('guards', () => {
  afterEach(() => vi.mocked(errorToast).mockClear())

  it("lets an action with a franchise run, silently", () => {
    expect(requireFranchise('rede-norte')).toBe(true)
    expect(errorToast).not.toHaveBeenCalled()
  })

  it.each([undefined, null, ''])("stops an action without a franchise (%s) with 'Franquia não está definida.'", (franchise) => {
    expect(requireFranchise(franchise)).toBe(false)
    expect(errorToast).toHaveBeenCalledExactlyOnceWith('Franquia não está definida.')
  })

  it("stops an action without the session's user with 'Usuário não está definido.'", () => {
    expect(requireUser(undefined)).toBe(false)
    expect(errorToast).toHaveBeenCalledExactlyOnceWith('Usuário não está definido.')
    vi.mocked(errorToast).mockClear()
    expect(requireUser({ name: 'Ana' })).toBe(true)
    expect(errorToast).not.toHaveBeenCalled()
  })

  it('keeps the texts of the spec', () => {
    expect(guardMessages).toEqual({
      userUndefined: 'Usuário não está definido.',
      franchiseUndefined: 'Franquia não está definida.',
      loginRequired: 'Você precisa estar logado para continuar.',
      groupRequired: 'Você precisa selecionar um grupo para continuar.',
    })
  })
})
