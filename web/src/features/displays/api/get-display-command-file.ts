import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { displayCommandsKey } from './get-display-commands'
import { displayPath } from './display-path'
import type { DisplayRef } from './types'

/** A video can take a while on a slow link. */
const FILE_TIMEOUT_MS = 120_000

/** The screenshot or video a command brought back, as a Blob (sent with the session's bearer: an <img src> could not). */
export async function getDisplayCommandFile(display: DisplayRef, commandId: string, signal?: AbortSignal): Promise<Blob> {
  const path = `${displayPath(display)}/commands/${encodeURIComponent(commandId)}/file`
  return (await api.getFile(path, { signal, timeoutMs: FILE_TIMEOUT_MS })).blob
}

/** The file of a finished job never changes: fetched once while it is shown. */
export function useDisplayCommandFile(display: DisplayRef, commandId: string) {
  return useQuery({
    queryKey: [...displayCommandsKey(display), commandId, 'file'],
    queryFn: ({ signal }) => getDisplayCommandFile(display, commandId, signal),
    staleTime: Infinity,
    // Blobs can be large: let them go soon after the dialog closes.
    gcTime: 60_000,
    // Said beside the job, in the dialog.
    meta: { errorToast: false },
  })
}
