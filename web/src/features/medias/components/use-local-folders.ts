import * as React from 'react'

// Folders made with 'Nova Pasta' exist only in the browser until a file is put
// in them (spec 2, section 3). They are kept per franchise for the tab's
// session, so refetches and visits to other screens keep them.
const key = (franchise: string) => `vitrine:media-folders:${franchise}`

function read(franchise: string): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key(franchise)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export function useLocalFolders(franchise: string | undefined) {
  const [state, setState] = React.useState(() => ({ franchise, folders: franchise ? read(franchise) : [] }))
  if (state.franchise !== franchise) setState({ franchise, folders: franchise ? read(franchise) : [] })

  const add = React.useCallback(
    (folder: string) => {
      if (!franchise) return
      setState((current) => {
        if (current.folders.includes(folder)) return current
        const folders = [...current.folders, folder]
        try {
          sessionStorage.setItem(key(franchise), JSON.stringify(folders))
        } catch {
          // storage full or disabled: the folder still lives in memory
        }
        return { franchise, folders }
      })
    },
    [franchise],
  )

  return { folders: state.franchise === franchise ? state.folders : [], add }
}
