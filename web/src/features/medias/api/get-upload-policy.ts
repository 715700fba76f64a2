import { api } from '@/lib/api-client'
import type { MediaKind, UploadPolicy } from '../types'
import { franchisePath } from './keys'

/** A signed direct upload of one file of `kind` and `contentType` (valid for one hour). */
export async function getUploadPolicy(franchise: string, kind: MediaKind, contentType: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ type: kind, contentType })
  const { data } = await api.get<{ data: UploadPolicy }>(`/media/file/${franchisePath(franchise)}?${query}`, { signal })
  return data
}
