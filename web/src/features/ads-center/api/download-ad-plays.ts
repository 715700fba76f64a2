import { useMutation } from '@tanstack/react-query'
import { advertisePath } from './keys'
import { api } from '@/lib/api-client'

/** The plays as CSV (GET …/plays?format=csv), saved by the browser under the server's file name. */
export async function downloadAdPlays({ franchise, id, fallbackName }: { franchise: string; id: string; fallbackName: string }) {
  const { blob, filename } = await api.getFile(`${advertisePath(franchise, id, 'plays')}?format=csv`)
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = filename ?? fallbackName
    document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    // The click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

export function useDownloadAdPlays() {
  return useMutation({
    mutationFn: downloadAdPlays,
    meta: { errorToast: { fallback: 'Não foi possível baixar as exibições.' } },
  })
}
