import * as React from 'react'
import { FolderPlus, ImagePlus, RefreshCw, Trash2, Video } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb'
import { Button } from '@/components/ui/button'
import { chunk, lazyComponent } from '@/lib/lazy'
import { toast } from '@/hooks/use-toast'
import { useFranchises, useSession } from '@/lib/session'
import { useDeleteMedias } from '../api/delete-medias'
import { useMedias } from '../api/get-medias'
import { useMoveMedia } from '../api/update-media'
import {
  breadcrumbTrail,
  emptyFolder,
  findFolder,
  folderContents,
  joinPath,
  parentPath,
  splitPath,
  withLocalFolders,
} from '../lib/folders'
import type { Media, MediaFolder, MediaKind } from '../types'
import { MediaTable } from './media-table'
import { useLocalFolders } from './use-local-folders'

const loadDialogs = chunk(() => import('./media-library-dialogs'))
const MediaLibraryDialogs = lazyComponent(loadDialogs, (m) => m.MediaLibraryDialogs)

/** The open folder lives in the address (?pasta=A|B), so reloads and the back button keep it. */
const FOLDER_PARAM = 'pasta'

export const NO_FRANCHISE = 'Você precisa selecionar um grupo para continuar.'

function folderLabel(parts: readonly string[]) {
  return ['Mídias', ...parts].join(' > ')
}

export function MediaLibraryPage() {
  const { franchise, abilities } = useSession()
  // A franchisee reads the network's library; only the network changes it (docs/roles.md).
  const editable = abilities.editLibrary
  const franchiseList = useFranchises()
  const slug = franchise?.slug
  const library = useMedias(slug)
  const localFolders = useLocalFolders(slug)
  const move = useMoveMedia(slug)
  const remove = useDeleteMedias(slug)

  const [searchParams, setSearchParams] = useSearchParams()
  const folderParam = searchParams.get(FOLDER_PARAM) ?? ''
  const path = React.useMemo(() => splitPath(folderParam), [folderParam])
  const pathKey = joinPath(path)

  const [selected, setSelected] = React.useState<ReadonlySet<string>>(() => new Set())
  const [uploadKind, setUploadKind] = React.useState<MediaKind | null>(null)
  const [newFolderOpen, setNewFolderOpen] = React.useState(false)
  const [renaming, setRenaming] = React.useState<Media | null>(null)
  // The media the delete confirmation is about, fixed when it opens.
  const [toDelete, setToDelete] = React.useState<Media[] | null>(null)
  // The dialogs are mounted with the first one opened. Their code (the form
  // libraries, the upload's analysis) comes when a button that opens one is
  // first hovered or focused, not while the rows are being drawn or right
  // after: a long task then would put off the page's first interactions.
  const [dialogsMounted, setDialogsMounted] = React.useState(false)
  const mounting =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setDialogsMounted(true)
      set(value)
    }
  const preloadDialogs = (event: React.SyntheticEvent) => {
    if (event.target instanceof Element && event.target.closest('[data-opens-dialog]')) void loadDialogs().catch(() => {})
  }

  // Entering a folder, going back or jumping through the breadcrumb clears the
  // selection (spec 2, section 4), whichever way the path changed.
  const [selectionScope, setSelectionScope] = React.useState(`${slug}:${pathKey}`)
  if (selectionScope !== `${slug}:${pathKey}`) {
    setSelectionScope(`${slug}:${pathKey}`)
    setSelected(new Set())
  }

  // Another franchise has other folders: start again at its root.
  const previousSlug = React.useRef(slug)
  React.useEffect(() => {
    if (previousSlug.current && slug && previousSlug.current !== slug && folderParam) setSearchParams({}, { replace: true })
    previousSlug.current = slug
  }, [slug, folderParam, setSearchParams])

  const tree = React.useMemo(
    () => withLocalFolders(library.data?.folderMap ?? emptyFolder([]), localFolders.folders),
    [library.data, localFolders.folders],
  )
  const current = React.useMemo(() => findFolder(tree, path) ?? emptyFolder(path), [tree, path])
  // Sorted once per library and folder, not on every draw: a selection ticked in a folder of thousands.
  const { folders, media } = React.useMemo(() => folderContents(current), [current])
  const selectedMedia = media.filter((m) => selected.has(m.id))

  const goTo = (parts: readonly string[]) => {
    setSearchParams(parts.length ? { [FOLDER_PARAM]: joinPath(parts) } : {})
  }

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (checked) next.add(id)
      else next.delete(id)
      return next
    })

  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(media.map((m) => m.id)) : new Set())

  const moveMedia = (mediaId: string, folderName: string | null) => {
    const target = folderName === null ? parentPath(path) : [...path, folderName]
    if (!media.some((m) => m.id === mediaId)) return
    // A moved media leaves the selection at once (spec 2, section 4).
    toggle(mediaId, false)
    move.mutate({ id: mediaId, folder: joinPath(target) })
  }

  const createFolder = (name: string) => {
    localFolders.add(joinPath([...path, name]))
    setNewFolderOpen(false)
    toast({ title: 'Pasta adicionada', description: `A pasta ${name} foi criada em ${folderLabel(path)}.` })
  }

  const confirmDelete = () => {
    if (!toDelete?.length) return
    const ids = toDelete.map((m) => m.id)
    const first = toDelete[0].name
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected(new Set())
        toast({
          title: 'Arquivo excluído',
          description: ids.length === 1 ? `${first} foi excluído.` : `${ids.length} mídias foram excluídas.`,
        })
      },
      onSettled: () => setToDelete(null),
    })
  }

  if (!franchise) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <PageHeader title="Minhas Mídias" />
        <p className="text-muted-foreground">
          {franchiseList.isSuccess && franchiseList.data.length === 0 ? NO_FRANCHISE : 'Carregando...'}
        </p>
      </div>
    )
  }

  return (
    <div className="grid grid-cols-1 gap-4" onPointerOver={preloadDialogs} onFocus={preloadDialogs}>
      <PageHeader
        title="Minhas Mídias"
        description={`Imagens e vídeos do grupo ${franchise.name}.`}
        actions={
          editable ? (
            <>
              {selectedMedia.length > 0 && (
                <Button data-opens-dialog variant="destructive" onClick={() => mounting(setToDelete)(selectedMedia)}>
                  <Trash2 />
                  Excluir Mídia(s)
                </Button>
              )}
              <Button data-opens-dialog variant="outline" onClick={() => mounting(setNewFolderOpen)(true)}>
                <FolderPlus />
                Nova Pasta
              </Button>
              <Button data-opens-dialog onClick={() => mounting(setUploadKind)('image')}>
                <ImagePlus />
                Imagens
              </Button>
              <Button data-opens-dialog onClick={() => mounting(setUploadKind)('video')}>
                <Video />
                Vídeos
              </Button>
            </>
          ) : undefined
        }
      />

      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
        <Breadcrumb aria-label="Pasta atual">
          <BreadcrumbList className="text-base">
            <BreadcrumbItem>
              {path.length === 0 ? (
                <BreadcrumbPage className="font-medium">Mídias</BreadcrumbPage>
              ) : (
                <BreadcrumbLink asChild>
                  <button type="button" onClick={() => goTo([])}>
                    Mídias
                  </button>
                </BreadcrumbLink>
              )}
            </BreadcrumbItem>
            {breadcrumbTrail(path).map((step, i, all) => (
              <React.Fragment key={joinPath(step.parts)}>
                <BreadcrumbSeparator />
                <BreadcrumbItem>
                  {i === all.length - 1 ? (
                    <BreadcrumbPage className="font-medium">{step.name}</BreadcrumbPage>
                  ) : (
                    <BreadcrumbLink asChild>
                      <button type="button" onClick={() => goTo(step.parts)}>
                        {step.name}
                      </button>
                    </BreadcrumbLink>
                  )}
                </BreadcrumbItem>
              </React.Fragment>
            ))}
          </BreadcrumbList>
        </Breadcrumb>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selectedMedia.length === 1 ? '1 mídia selecionada' : selectedMedia.length > 1 ? `${selectedMedia.length} mídias selecionadas` : ''}
        </p>
      </div>

      {library.isError && !library.data ? (
        <div className="grid justify-items-center gap-3 rounded-md border p-8 text-center">
          <p className="text-muted-foreground">Não foi possível carregar as mídias.</p>
          <Button variant="outline" onClick={() => library.refetch()}>
            <RefreshCw />
            Tentar novamente
          </Button>
        </div>
      ) : (
        <MediaTable
          readOnly={!editable}
          folderKey={pathKey}
          atRoot={path.length === 0}
          folders={folders}
          media={media}
          isLoading={library.isPending}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onOpenFolder={(folder: MediaFolder) => goTo([...path, folder.name])}
          onGoUp={() => goTo(parentPath(path))}
          onMove={moveMedia}
          onRename={mounting(setRenaming)}
        />
      )}

      {!library.isPending && media.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {folders.length > 0 || path.length > 0
            ? 'Arraste uma mídia até uma pasta ou até Pasta anterior, ou use o botão Mover, para organizá-la. '
            : ''}
          Clique no nome de uma mídia para abrir o arquivo em uma nova aba.
        </p>
      )}

      {dialogsMounted && (
        <React.Suspense fallback={null}>
          <MediaLibraryDialogs
            upload={{ kind: uploadKind, onClose: () => setUploadKind(null), franchise: slug, folder: pathKey, folderLabel: folderLabel(path) }}
            newFolder={{
              open: newFolderOpen,
              onOpenChange: setNewFolderOpen,
              existing: folders.map((f) => f.name),
              parentLabel: folderLabel(path),
              onCreate: createFolder,
            }}
            rename={{ media: renaming, franchise: slug, onClose: () => setRenaming(null) }}
            remove={{
              media: toDelete ?? [],
              open: toDelete !== null,
              onOpenChange: (open) => !open && setToDelete(null),
              pending: remove.isPending,
              onConfirm: confirmDelete,
            }}
          />
        </React.Suspense>
      )}
    </div>
  )
}
