import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { storeHoursKey } from './get-store-hours'
import { storePath } from './store-path'
import type { StoreHoursAnswer, StoreHoursBody } from './types'

export function setStoreHours({ franchise, slug, body }: { franchise: string; slug: string; body: StoreHoursBody }) {
  return api.put<StoreHoursAnswer>(storePath(franchise, slug, 'hours'), body)
}

export function useSetStoreHours() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setStoreHours,
    onSuccess: (data, { franchise, slug }) => queryClient.setQueryData(storeHoursKey(franchise, slug), data),
    meta: { errorToast: { fallback: 'Ocorreu algum erro ao salvar o horário de funcionamento.' } },
  })
}
