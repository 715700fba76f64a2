import type * as React from 'react'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  side: 'left' | 'right'
  width: string
  children: React.ReactNode
} & Omit<React.ComponentProps<typeof Sheet>, 'open' | 'onOpenChange' | 'children'>

/**
 * The sidebar on a phone: a sheet over the page. A chunk of its own, fetched
 * when the menu button is first touched, so that no screen loads the sheet's
 * code (Radix's dialog) before it draws.
 */
export default function SidebarSheet({ open, onOpenChange, side, width, children, ...props }: Props) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} {...props}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground [&>button]:hidden"
        style={{ '--sidebar-width': width } as React.CSSProperties}
        side={side}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>Navegação principal.</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  )
}
