import { Monitor, Moon, Sun } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu'
import { useTheme, type Theme } from '@/components/theme-provider'

/** The theme menu: its button from the first draw, the menu's code on first use. */
export function ThemeMenu() {
  const { theme, setTheme } = useTheme()
  return (
    <LazyDropdownMenu
      align="end"
      trigger={
        <Button variant="ghost" size="icon" aria-label="Alternar tema">
          <Sun className="scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
          <Moon className="absolute scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
        </Button>
      }
    >
      {({ DropdownMenuRadioGroup, DropdownMenuRadioItem }) => (
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          <DropdownMenuRadioItem value="light">
            <Sun /> Light
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">
            <Moon /> Dark
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">
            <Monitor /> System
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      )}
    </LazyDropdownMenu>
  )
}
