// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { messageForCode, messageForTransport, transportFailures } from './errors'

// The catalogue of spec 1 section 8, written out here so that a change to
// api/errors.json that breaks it is caught.
const catalogue: [number, string][] = [
  [1001, 'Usuário não encontrado.'],
  [1002, 'E-mail/senha inválidos.'],
  [1024, 'E-mail/senha inválidos.'],
  [1003, 'Solicitação inválida.'],
  [1021, 'Email não verificado.'],
  [1022, 'Sessão expirada, faça login novamente.'],
  [1023, 'Email já cadastrado.'],
  [1025, 'Código inválido.'],
  [1026, 'Senha atual incorreta.'],
  [1041, 'Franquia ou grupo não encontrado.'],
  [1042, 'Documento já registrado na plataforma.'],
  [1043, 'Documento inválido.'],
  [1061, 'Loja não encontrada.'],
  [1081, 'Agenda não encontrada.'],
  [1141, 'O campo nome é obrigatório.'],
  [1403, 'Permissão insuficiente.'],
  [1500, 'Ocorreu um erro interno. Caso o problema persista, contate o administrador do sistema.'],
  [100101, 'Mídia não encontrada.'],
  [100102, 'Mídia não encontrada, tente fazer upload novamente.'],
  [100103, 'Parâmetros com tamanhos diferentes.'],
  [100104, 'Resolução inválida.'],
  [100105, 'Uma ou mais mídias sem ID.'],
  [100106, 'Um ou mais anúncios sem slots definidos.'],
  [100121, 'Display não encontrado.'],
  [100122, 'Dispositivo já registrado.'],
  [100123, 'Dispositivo não encontrado.'],
  [100124, 'Dispositivo não conectado.'],
  [100125, 'Argumentos faltando.'],
  [100126, 'Arquivo APK inválido.'],
  [100127, 'Atualização de agenda temporariamente desativada.'],
  [100128, 'Código do dispositivo não pode ser alterado.'],
  [100141, 'Detalhes do display ausentes.'],
  [100142, 'Anúncio inválido.'],
]

describe('error catalogue', () => {
  it.each(catalogue)('code %i reads "%s"', (code, message) => {
    expect(messageForCode(code)).toBe(message)
    expect(messageForCode(String(code))).toBe(message)
  })

  it.each([0, 999, 1004, 429, 100143, undefined, null])('unknown code %s falls back to the generic message', (code) => {
    expect(messageForCode(code)).toBe('Ocorreu um erro inesperado')
  })

  it('names the three transport failures', () => {
    expect([...transportFailures]).toEqual(['network error', 'timeout', 'cancelled'])
  })

  it.each(transportFailures)('has a pt-BR message for "%s"', (failure) => {
    const message = messageForTransport(failure)
    expect(message).toBeTruthy()
    expect(message).not.toBe(failure)
  })
})
