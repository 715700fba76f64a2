import * as React from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api-client'
import { errorToast, toast } from '@/hooks/use-toast'
import { requireFranchise } from '@/lib/guards'
import { getUploadPolicy } from '../api/get-upload-policy'
import { mediaKeys } from '../api/keys'
import { registerMedia } from '../api/register-media'
import { uploadFile } from '../api/upload-file'
import { analyzeImage, analyzeVideo } from '../lib/analyze'
import { compressImage } from '../lib/compress'
import {
  baseName,
  checkFile,
  compressionPlan,
  PNG_TO_JPEG_SIZE,
  transferStats,
  UNSUPPORTED_FILE,
  UPLOAD_ERROR_TITLE,
  uploadFailedText,
  videoWarnings,
} from '../lib/upload-rules'
import type { MediaKind, MediaRegisterInput, UploadPolicy } from '../types'

/**
 * Where the queue sends its files: the policy for one file, the registration
 * of the uploaded file, the list that shows them, and the words of the
 * success toast. The library's own (Minhas Mídias) unless a screen gives
 * another, as 'Conteúdo local' does for a store's own folder.
 */
export type UploadTarget = {
  policy: (kind: MediaKind, contentType: string, signal: AbortSignal) => Promise<UploadPolicy>
  register: (input: MediaRegisterInput, signal: AbortSignal) => Promise<unknown>
  /** The query the saved files appear in, refreshed once the queue has run. */
  queryKey: readonly unknown[]
  /** Where the files went, as the toast says it ('às suas mídias'). */
  savedTo: string
}

/** Minhas Mídias: the franchise's library. */
export function libraryTarget(franchise: string): UploadTarget {
  return {
    policy: (kind, contentType, signal) => getUploadPolicy(franchise, kind, contentType, signal),
    register: (input, signal) => registerMedia(franchise, input, signal),
    queryKey: mediaKeys.library(franchise),
    savedTo: 'às suas mídias',
  }
}

export type UploadStatus = 'analyzing' | 'ready' | 'error' | 'uploading' | 'saving' | 'done' | 'failed'

/** One queued file (spec 2, section 3 'Upload item'). */
export type UploadItem = {
  id: string
  file: File
  name: string
  status: UploadStatus
  isAnalyzing: boolean
  /** Why the file cannot be sent, or why its upload failed. */
  error?: string
  contentType?: string
  needsConversion: boolean
  isHighRes: boolean
  isHighFps: boolean
  isTooLarge: boolean
  width?: number
  height?: number
  duration?: number
  fps?: number
  progress: number
  /** MB/s */
  uploadSpeed: number
  /** seconds; null until measurable */
  estimatedTimeRemaining: number | null
}


let sequence = 0

function newItem(file: File, kind: MediaKind): UploadItem {
  sequence += 1
  const check = checkFile(file, kind)
  return {
    id: `upload-${sequence}`,
    file,
    name: baseName(file.name),
    status: check.ok ? 'analyzing' : 'error',
    isAnalyzing: check.ok,
    error: check.ok ? undefined : check.error,
    contentType: check.ok ? check.contentType : undefined,
    needsConversion: check.ok && check.contentType === 'image/png' && file.size > PNG_TO_JPEG_SIZE,
    isHighRes: false,
    isHighFps: false,
    isTooLarge: false,
    progress: 0,
    uploadSpeed: 0,
    estimatedTimeRemaining: null,
  }
}

/** A server refusal carries its own pt-BR reason; anything else gets the fallback. */
function failureText(error: unknown, name: string) {
  if (isApiError(error) && typeof error.apiCode === 'number') return error.detail ?? error.msg
  return uploadFailedText(name)
}

const sendable = (item: UploadItem) => item.status === 'ready' || item.status === 'failed'

/**
 * The upload modal's queue: files are checked and analysed as they are
 * added, then sent one after the other (compress, policy, direct upload,
 * register). Unmounting aborts what is in flight.
 */
export function useUploadQueue(kind: MediaKind, franchise: string | undefined, target?: UploadTarget) {
  const queryClient = useQueryClient()
  // Mutations so that an expired session ends like everywhere else (the
  // cache's handler); their other failures get the upload's own toast below.
  const policy = useMutation({
    mutationFn: (v: { target: UploadTarget; contentType: string; signal: AbortSignal }) => v.target.policy(kind, v.contentType, v.signal),
    meta: { errorToast: false },
  })
  const register = useMutation({
    mutationFn: (v: { target: UploadTarget; input: MediaRegisterInput; signal: AbortSignal }) => v.target.register(v.input, v.signal),
    meta: { errorToast: false },
  })
  const { mutateAsync: requestPolicy } = policy
  const { mutateAsync: registerUpload } = register
  const [items, setItems] = React.useState<UploadItem[]>([])
  const [isUploading, setUploading] = React.useState(false)
  // The latest list for start(), which runs from a click (after the commit that set it).
  const itemsRef = React.useRef(items)
  React.useLayoutEffect(() => {
    itemsRef.current = items
  }, [items])
  const abortRef = React.useRef<AbortController | null>(null)
  const mounted = React.useRef(true)

  React.useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      abortRef.current?.abort()
    }
  }, [])

  const patch = React.useCallback((id: string, change: Partial<UploadItem>) => {
    if (!mounted.current) return
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)))
  }, [])

  const analyze = React.useCallback(
    async (item: UploadItem) => {
      if (item.status !== 'analyzing') return
      if (kind === 'image' || item.contentType === 'image/gif') {
        try {
          const { width, height } = await analyzeImage(item.file)
          patch(item.id, { status: 'ready', isAnalyzing: false, width, height })
        } catch {
          patch(item.id, { status: 'error', isAnalyzing: false, error: UNSUPPORTED_FILE })
        }
        return
      }
      const info = await analyzeVideo(item.file)
      patch(item.id, {
        status: 'ready',
        isAnalyzing: false,
        ...info,
        ...videoWarnings({ ...info, size: item.file.size }),
      })
    },
    [kind, patch],
  )

  const addFiles = React.useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file) => newItem(file, kind))
      setItems((list) => [...list, ...added])
      // One at a time: frame counting plays each video.
      void added.reduce<Promise<void>>((chain, item) => chain.then(() => analyze(item)), Promise.resolve())
    },
    [kind, analyze],
  )

  const setName = React.useCallback((id: string, name: string) => patch(id, { name }), [patch])

  const remove = React.useCallback((id: string) => {
    setItems((list) => list.filter((item) => item.id !== id || item.status === 'uploading' || item.status === 'saving'))
  }, [])

  const clear = React.useCallback(() => {
    abortRef.current?.abort()
    setItems([])
  }, [])

  const cancel = React.useCallback(() => abortRef.current?.abort(), [])

  /** Sends every sendable file into `folder`; resolves true when all of them were saved. */
  const start = React.useCallback(
    async (folder: string): Promise<boolean> => {
      if (!requireFranchise(franchise)) return false
      const to = target ?? libraryTarget(franchise)
      const queue = itemsRef.current.filter(sendable)
      if (queue.length === 0) return false
      const controller = new AbortController()
      abortRef.current = controller
      const { signal } = controller
      setUploading(true)
      const saved: string[] = []
      let failed = 0
      for (const item of queue) {
        if (signal.aborted) break
        const name = item.name.trim()
        patch(item.id, { status: 'uploading', error: undefined, progress: 0, uploadSpeed: 0, estimatedTimeRemaining: null })
        try {
          const plan = kind === 'image' ? compressionPlan({ type: item.contentType ?? '', size: item.file.size }) : null
          const body: Blob = plan ? await compressImage(item.file, plan) : item.file
          const contentType = plan && body.type ? body.type : item.contentType!
          const signed = await requestPolicy({ target: to, contentType, signal })
          const startedAt = performance.now()
          await uploadFile(signed, body, {
            signal,
            onProgress: ({ loaded, total }) => {
              const stats = transferStats(loaded, total, performance.now() - startedAt)
              patch(item.id, { progress: stats.percent, uploadSpeed: stats.speed, estimatedTimeRemaining: stats.secondsLeft })
            },
          })
          patch(item.id, { status: 'saving', progress: 100, estimatedTimeRemaining: 0 })
          const input: MediaRegisterInput = { name, type: kind, folder, filePath: signed.fields.key }
          if (kind === 'video' && item.duration) input.displayTime = Math.floor(item.duration)
          await registerUpload({ target: to, input, signal })
          patch(item.id, { status: 'done' })
          saved.push(name)
        } catch (error) {
          if (signal.aborted) {
            patch(item.id, { status: 'ready', progress: 0, uploadSpeed: 0, estimatedTimeRemaining: null })
            break
          }
          failed += 1
          const text = failureText(error, name)
          patch(item.id, { status: 'failed', error: text })
          errorToast(text, UPLOAD_ERROR_TITLE)
        }
      }
      void queryClient.invalidateQueries({ queryKey: to.queryKey })
      if (!mounted.current) return false
      setUploading(false)
      abortRef.current = null
      // Saved files leave the queue; failed ones stay with their reason.
      setItems((list) => list.filter((item) => item.status !== 'done'))
      if (saved.length > 0 && failed === 0 && !signal.aborted) {
        toast({
          title: 'Arquivo salvo',
          description: saved.length === 1 ? `${saved[0]} foi adicionado ${to.savedTo}.` : `${saved.length} arquivos foram adicionados ${to.savedTo}.`,
        })
      }
      return failed === 0 && !signal.aborted && saved.length === queue.length
    },
    [franchise, kind, target, patch, queryClient, requestPolicy, registerUpload],
  )

  return { items, isUploading, addFiles, setName, remove, clear, cancel, start }
}
