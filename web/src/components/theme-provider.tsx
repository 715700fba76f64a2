import * as React from 'react'
import { storageKeys } from '@/lib/storage'

export type Theme = 'dark' | 'light' | 'system'

type ThemeContextValue = { theme: Theme; setTheme: (theme: Theme) => void }

const ThemeContext = React.createContext<ThemeContextValue | null>(null)

/**
 * Sets the class of the theme on the document without animating the change:
 * a control with a colour transition would otherwise fade from one theme to
 * the other, showing for a moment colours of neither (and too little contrast).
 */
function applyTheme(root: HTMLElement, resolved: 'dark' | 'light') {
  if (root.classList.contains(resolved) && root.style.colorScheme === resolved) return
  const still = document.createElement('style')
  still.textContent = '*,*::before,*::after{transition:none!important}'
  document.head.appendChild(still)
  root.classList.remove('light', 'dark')
  root.classList.add(resolved)
  root.style.colorScheme = resolved
  // Reading a layout value computes every style with transitions off, so
  // turning them back on leaves nothing to animate.
  void document.body.offsetHeight
  still.remove()
}

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
      applyTheme(root, theme === 'system' ? (media.matches ? 'dark' : 'light') : theme)
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
