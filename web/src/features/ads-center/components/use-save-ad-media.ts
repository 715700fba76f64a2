import { errorToast, toast } from '@/hooks/use-toast'
import { messageForCode } from '@/lib/errors'
import { guardMessages } from '@/lib/guards'
import { useSession } from '@/lib/session'
import { useUpdateAd } from '../api/update-ad'
import type { AdMediaInput, Advertise } from '../api/types'
import { AD_ERRORS, AD_GUARDS } from '../messages'

type Needs = { user: unknown; franchise: string | undefined; adId: string | undefined; ad: Advertise | undefined }

/**
 * What a save of the ad's media lacks, as the message to show, or null: a
 * user, a franchise, the ad's id, the ad itself, and its name, dates and
 * display time (spec 2 §5; the last three: 100142 'Anúncio inválido.').
 */
export function adMediaSaveProblem({ user, franchise, adId, ad }: Needs): string | null {
  if (!user) return guardMessages.userUndefined
  if (!franchise) return guardMessages.franchiseUndefined
  if (!adId) return AD_GUARDS.idUndefined
  if (!ad || ad.id !== adId) return AD_GUARDS.notFound
  if (!ad.name || !ad.startAt || !ad.endsAt || !(ad.displayTime > 0)) return messageForCode(100142)
  return null
}

/** Saves a new media list of the ad, after the guards; says 'Anúncio atualizado' (or `title`) when done. */
export function useSaveAdMedia(adId: string | undefined, ad: Advertise | undefined) {
  const { user, franchise } = useSession()
  const update = useUpdateAd(AD_ERRORS.save)
  const save = (media: AdMediaInput[], options: { title?: string; onSuccess?: () => void; onError?: () => void } = {}) => {
    const problem = adMediaSaveProblem({ user, franchise: franchise?.slug, adId, ad })
    if (problem || !ad || !franchise) {
      errorToast(problem)
      options.onError?.()
      return
    }
    update.mutate(
      { franchise: franchise.slug, advertiseId: ad.id, media },
      {
        onSuccess: () => {
          toast({ title: options.title ?? 'Anúncio atualizado', description: options.title ? undefined : 'Anúncio atualizado com sucesso' })
          options.onSuccess?.()
        },
        onError: () => options.onError?.(),
      },
    )
  }
  return { save, isPending: update.isPending }
}
