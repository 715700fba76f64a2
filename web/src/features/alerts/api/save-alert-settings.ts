import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { alertsQueryKey } from './get-alerts'
import type { AlertSettings, AlertSettingsInput } from './types'

export function saveAlertSettings(franchise: string, input: AlertSettingsInput) {
  return api.post<{ settings: AlertSettings }>(`/alerts/${encodeURIComponent(franchise)}`, input)
}

export function useSaveAlertSettings(franchise: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AlertSettingsInput) => saveAlertSettings(franchise ?? '', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey(franchise ?? '') }),
    meta: { errorToast: { fallback: 'Ocorreu um erro ao salvar as configurações de alerta.' } },
  })
}
