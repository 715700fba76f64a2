import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Shapes from api/openapi.yaml (npm run gen:api).
export type StoreLocal = Schemas['StoreLocal']
export type LocalSpace = Schemas['LocalSpace']
export type LocalItem = Schemas['LocalItem']
export type LocalVersion = Schemas['LocalVersion']
export type LocalMedia = Schemas['LocalMedia']
export type LocalItemInput = Schemas['LocalItemInput']
export type LocalItemUpdate = Schemas['LocalItemUpdate']
export type StoreMedia = Schemas['Media']
