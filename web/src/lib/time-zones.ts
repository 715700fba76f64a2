/**
 * Time zones as operators choose them: Brazil's zones with the names people
 * know them by, the zone a state (UF) suggests, and a check that a name is
 * a zone this browser knows (the server checks it again with the tz database).
 */

export type ZoneChoice = { zone: string; label: string }

/** Brazil's zones (no daylight saving time since 2019: the offsets are fixed). */
export const BRAZIL_ZONES: readonly ZoneChoice[] = [
  { zone: 'America/Noronha', label: 'Fernando de Noronha (UTC−2)' },
  { zone: 'America/Sao_Paulo', label: 'Brasília (UTC−3)' },
  { zone: 'America/Bahia', label: 'Salvador (UTC−3)' },
  { zone: 'America/Fortaleza', label: 'Fortaleza (UTC−3)' },
  { zone: 'America/Recife', label: 'Recife (UTC−3)' },
  { zone: 'America/Maceio', label: 'Maceió (UTC−3)' },
  { zone: 'America/Belem', label: 'Belém (UTC−3)' },
  { zone: 'America/Santarem', label: 'Santarém (UTC−3)' },
  { zone: 'America/Araguaina', label: 'Araguaína (UTC−3)' },
  { zone: 'America/Manaus', label: 'Manaus (UTC−4)' },
  { zone: 'America/Cuiaba', label: 'Cuiabá (UTC−4)' },
  { zone: 'America/Campo_Grande', label: 'Campo Grande (UTC−4)' },
  { zone: 'America/Porto_Velho', label: 'Porto Velho (UTC−4)' },
  { zone: 'America/Boa_Vista', label: 'Boa Vista (UTC−4)' },
  { zone: 'America/Rio_Branco', label: 'Rio Branco (UTC−5)' },
  { zone: 'America/Eirunepe', label: 'Eirunepé (UTC−5)' },
]

/** The zone most of each state keeps; states not listed keep Brasília's. */
const ZONE_OF_STATE: Record<string, string> = {
  AC: 'America/Rio_Branco',
  AM: 'America/Manaus',
  RR: 'America/Boa_Vista',
  RO: 'America/Porto_Velho',
  MT: 'America/Cuiaba',
  MS: 'America/Campo_Grande',
  PA: 'America/Belem',
  AP: 'America/Belem',
  TO: 'America/Araguaina',
  MA: 'America/Fortaleza',
  PI: 'America/Fortaleza',
  CE: 'America/Fortaleza',
  RN: 'America/Fortaleza',
  PB: 'America/Recife',
  PE: 'America/Recife',
  AL: 'America/Maceio',
  SE: 'America/Maceio',
  BA: 'America/Bahia',
}

/** Each state's name, folded (no accents, lower case), to its UF. */
const UF_OF_NAME: Record<string, string> = {
  acre: 'AC', alagoas: 'AL', amapa: 'AP', amazonas: 'AM', bahia: 'BA', ceara: 'CE', 'distrito federal': 'DF',
  'espirito santo': 'ES', goias: 'GO', maranhao: 'MA', 'mato grosso': 'MT', 'mato grosso do sul': 'MS',
  'minas gerais': 'MG', para: 'PA', paraiba: 'PB', parana: 'PR', pernambuco: 'PE', piaui: 'PI',
  'rio de janeiro': 'RJ', 'rio grande do norte': 'RN', 'rio grande do sul': 'RS', rondonia: 'RO', roraima: 'RR',
  'santa catarina': 'SC', 'sao paulo': 'SP', sergipe: 'SE', tocantins: 'TO',
}
const UFS = new Set(Object.values(UF_OF_NAME))

function fold(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase()
}

/** The UF a typed state names ('ac', 'Acre', ' São Paulo '), or null. */
export function stateUF(state: string): string | null {
  const folded = fold(state)
  const upper = folded.toUpperCase()
  if (UFS.has(upper)) return upper
  return UF_OF_NAME[folded] ?? null
}

/** The zone a typed state suggests, or null when the text names no state. */
export function zoneForState(state: string): string | null {
  const uf = stateUF(state)
  if (!uf) return null
  return ZONE_OF_STATE[uf] ?? 'America/Sao_Paulo'
}

/** Whether this browser knows name as a time zone. */
export function isTimeZone(name: string): boolean {
  const zone = name.trim()
  if (!zone || zone === 'Local') return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Every zone this browser knows, for the 'Outro fuso' search. */
export function allTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] }
  const list = intl.supportedValuesOf?.('timeZone') ?? []
  return list.length > 0 ? list : BRAZIL_ZONES.map((z) => z.zone)
}

/** The name people know a zone by: the Brazilian label, else the IANA name. */
export function zoneLabel(zone: string): string {
  return BRAZIL_ZONES.find((z) => z.zone === zone)?.label ?? zone.replaceAll('_', ' ')
}

/** The store's zone is one of Brazil's listed ones. */
export function isBrazilZone(zone: string): boolean {
  return BRAZIL_ZONES.some((z) => z.zone === zone)
}

/** Whether zones (of the screens shown) hold more than one distinct zone. */
export function spansZones(zones: Iterable<string>): boolean {
  return new Set(zones).size > 1
}
