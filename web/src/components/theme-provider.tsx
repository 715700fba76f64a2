import * as React from 'react'
import { storageKeys } from '@/lib/storage'

export type Theme = 'dark' | 'light' | 'system'

type ThemeContextValue = { theme: Theme; setTheme: (theme: Theme) => void }

const ThemeContext = React.createContext<ThemeContextValue | null>(null)

function readTheme(key: string, fallback: Theme): Theme {
  const stored = window.localStorage.getItem(key)
  return stored === 'dark' || stored === 'light' || stored === 'system' ? stored : fallback
}

export function ThemeProvider({
  children,
  defaultTheme = 'system',
  storageKey = storageKeys.theme,
}: {
  children: React.ReactNode
  defaultTheme?: Theme
  storageKey?: string
}) {
  const [theme, setThemeState] = React.useState<Theme>(() => readTheme(storageKey, defaultTheme))

  React.useEffect(() => {
    const root = window.document.documentElement
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = () => {
      const resolved = theme === 'system' ? (media.matches ? 'dark' : 'light') : theme
      root.classList.remove('light', 'dark')
      root.classList.add(resolved)
      root.style.colorScheme = resolved
    }
    apply()
    if (theme !== 'system') return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [theme])

  const value = React.useMemo(
    () => ({
      theme,
      setTheme: (next: Theme) => {
        window.localStorage.setItem(storageKey, next)
        setThemeState(next)
      },
    }),
    [theme, storageKey],
  )

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme() {
  const context = React.useContext(ThemeContext)
  if (!context) throw new Error('useTheme must be used within a ThemeProvider.')
  return context
}
