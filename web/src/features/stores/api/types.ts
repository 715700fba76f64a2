import type { components } from '@/lib/api-types'

export type Store = components['schemas']['Store']
