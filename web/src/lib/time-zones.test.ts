// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BRAZIL_ZONES, isTimeZone, spansZones, stateUF, zoneForState, zoneLabel } from './time-zones'

describe('time zones', () => {
  it('suggests the zone of each state, typed as UF or name', () => {
    expect(zoneForState('AC')).toBe('America/Rio_Branco')
    expect(zoneForState(' acre ')).toBe('America/Rio_Branco')
    expect(zoneForState('Amazonas')).toBe('America/Manaus')
    expect(zoneForState('RR')).toBe('America/Boa_Vista')
    expect(zoneForState('Rondônia')).toBe('America/Porto_Velho')
    expect(zoneForState('Mato Grosso')).toBe('America/Cuiaba')
    expect(zoneForState('Mato Grosso do Sul')).toBe('America/Campo_Grande')
    expect(zoneForState('Pará')).toBe('America/Belem')
    expect(zoneForState('AP')).toBe('America/Belem')
    expect(zoneForState('TO')).toBe('America/Araguaina')
    expect(zoneForState('Maranhão')).toBe('America/Fortaleza')
    expect(zoneForState('PI')).toBe('America/Fortaleza')
    expect(zoneForState('Ceará')).toBe('America/Fortaleza')
    expect(zoneForState('RN')).toBe('America/Fortaleza')
    expect(zoneForState('Paraíba')).toBe('America/Recife')
    expect(zoneForState('pe')).toBe('America/Recife')
    expect(zoneForState('Alagoas')).toBe('America/Maceio')
    expect(zoneForState('SE')).toBe('America/Maceio')
    expect(zoneForState('Bahia')).toBe('America/Bahia')
    expect(zoneForState('Paraná')).toBe('America/Sao_Paulo')
    expect(zoneForState('SP')).toBe('America/Sao_Paulo')
    expect(zoneForState('DF')).toBe('America/Sao_Paulo')
  })

  it('suggests nothing for text that names no state', () => {
    expect(zoneForState('')).toBeNull()
    expect(zoneForState('S')).toBeNull()
    expect(zoneForState('Lisboa')).toBeNull()
    expect(stateUF('Rio de  Janeiro')).toBe('RJ')
  })

  it('labels Brazil’s zones as people know them, and others by their name', () => {
    expect(zoneLabel('America/Sao_Paulo')).toBe('Brasília (UTC−3)')
    expect(zoneLabel('America/Rio_Branco')).toBe('Rio Branco (UTC−5)')
    expect(zoneLabel('Europe/Lisbon')).toBe('Europe/Lisbon')
    expect(zoneLabel('America/New_York')).toBe('America/New York')
  })

  it('knows every listed zone and refuses unknown ones', () => {
    for (const z of BRAZIL_ZONES) expect(isTimeZone(z.zone)).toBe(true)
    expect(isTimeZone('Europe/Lisbon')).toBe(true)
    expect(isTimeZone('America/Atlantida')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone('Local')).toBe(false)
  })

  it('tells when screens span zones', () => {
    expect(spansZones(['America/Sao_Paulo', 'America/Sao_Paulo'])).toBe(false)
    expect(spansZones(['America/Sao_Paulo', 'America/Rio_Branco'])).toBe(true)
    expect(spansZones([])).toBe(false)
  })
})
