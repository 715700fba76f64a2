import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { activityAuth, activityPath } from './activity-path'
import type { ActivityFilters, ActivitySource } from './types'

/** Every record the filters select as CSV, saved by the browser under the server's file name. */
export async function downloadActivity({ source, filters }: { source: ActivitySource; filters: ActivityFilters }) {
  const { blob, filename } = await api.getFile(activityPath(source, filters, {}, true), { auth: activityAuth(source) })
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = filename ?? 'atividade.csv'
    document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    // The click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

export function useDownloadActivity() {
  return useMutation({
    mutationFn: downloadActivity,
    meta: { errorToast: { fallback: 'Não foi possível exportar a atividade.' } },
  })
}
