import { api } from '@/lib/api-client'
import type { Media, MediaRegisterInput } from '../types'
import { franchisePath } from './keys'

/** Registers an uploaded file; the server checks its bytes (ffprobe on videos can take a while). */
export function registerMedia(franchise: string, input: MediaRegisterInput, signal?: AbortSignal) {
  return api.post<{ media: Media }>(`/media/${franchisePath(franchise)}`, input, { signal, timeoutMs: 120_000 })
}
