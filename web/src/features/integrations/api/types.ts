import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Every shape here comes from api/openapi.yaml (npm run gen:api).

export type TokenScope = Schemas['TokenScope']
export type ApiToken = Schemas['ApiToken']
export type TokenList = Schemas['TokenList']
export type TokenStore = Schemas['TokenStore']
export type TokenInput = Schemas['TokenInput']
export type TokenCreated = Schemas['TokenCreated']
