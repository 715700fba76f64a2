// API helpers for the overview and groups flows: an operator with a group,
// stores and TVs made straight through the API.
import type { components } from '../../src/lib/api-types.ts'
import type { Api, Franchise } from './api.ts'

// The API's own types, generated from api/openapi.yaml (npm run gen:api).
type Schemas = components['schemas']
export type Contact = Schemas['Contact']
export type Store = Schemas['Store']
export type Display = Schemas['Display']
export type Schedule = Schemas['Schedule']

/**
 * A TV box announces itself as a new player does: the code it would show
 * on screen, which a TV may be registered with, and the token it keeps.
 */
export async function announceDevice(api: Api): Promise<{ device: string; token: string }> {
  return api.post<{ device: string; token: string }>('/device/hello', { version: 'e2e' })
}

/** The code of a newly announced TV box. */
export async function uniqueDevice(api: Api): Promise<string> {
  return (await announceDevice(api)).device
}

function cnpjDigit(digits: number[]): number {
  const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i], 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** A random CNPJ with valid check digits, bare (14 digits). */
export function randomCnpj(): string {
  const base = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).concat([0, 0, 0, 1])
  const first = cnpjDigit(base)
  const second = cnpjDigit([...base, first])
  return [...base, first, second].join('')
}

/** 11222333000181 -> 11.222.333/0001-81 */
export function formatCnpj(cnpj: string): string {
  return cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')
}

/** A registered, verified user with one group of their own. */
export async function operatorWithGroup(
  api: Api,
  adminToken: string,
  opts: { email: string; password: string; name?: string; group: string },
): Promise<{ token: string; franchise: Franchise }> {
  await api.createUser(adminToken, { name: opts.name ?? 'Operador Teste', email: opts.email, password: opts.password })
  const token = await api.login(opts.email, opts.password)
  const franchise = await api.createFranchise(token, { name: opts.group })
  return { token, franchise }
}

export async function createStore(
  api: Api,
  token: string,
  franchise: string,
  store: { name: string; region?: string; state?: string; city?: string; contacts?: Contact[] },
): Promise<Store> {
  const body = { region: 'Sudeste', state: 'SP', city: 'São Paulo', contacts: [], ...store }
  const { store: created } = await api.post<{ store: Store }>(`/store/${franchise}`, body, token)
  return created
}

export async function createDisplay(
  api: Api,
  token: string,
  franchise: string,
  store: string,
  display: { name: string; device?: string; contentOrientation?: number },
): Promise<Display> {
  const body = { device: display.device ?? (await uniqueDevice(api)), contentOrientation: 0, detail: '', orientation: 0, ...display }
  const { display: created } = await api.post<{ display: Display }>(`/display/${franchise}/${store}`, body, token)
  return created
}

export async function storeDisplays(api: Api, token: string, franchise: string, store: string): Promise<Display[]> {
  const { displayList } = await api.get<{ displayList: Display[] }>(`/display/${franchise}/${store}`, token)
  return displayList
}

export async function stores(api: Api, token: string, franchise: string): Promise<Store[]> {
  const { storeList } = await api.get<{ storeList: Store[] }>(`/store/${franchise}`, token)
  return storeList
}

/** A schedule made through the API, empty unless entries are given. */
export async function createSchedule(api: Api, token: string, franchise: string, name: string): Promise<Schedule> {
  const { schedule } = await api.post<{ schedule: Schedule }>(`/schedule/${franchise}`, { name }, token)
  return schedule
}
