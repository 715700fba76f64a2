import { useEffect, useState } from 'react'
import type { MediaFiles } from './media-cache'

/**
 * The address to show `url` from — the kept copy's object URL, or `url`
 * itself — once known (null until then), given back when the component
 * stops showing it. `prepared` is an address already being opened for it
 * (the timeline's look-ahead), taken over instead of opening again.
 */
export function useAddress(media: MediaFiles, url: string | null | undefined, prepared?: Promise<string>): string | null {
  const [address, setAddress] = useState<{ url: string; address: string } | null>(null)
  useEffect(() => {
    if (!url) return
    let alive = true
    let got: string | null = null
    ;(prepared ?? media.open(url)).then(
      (value) => {
        got = value
        if (alive) setAddress({ url, address: value })
        else media.release(value)
      },
      () => {
        if (alive) setAddress({ url, address: url })
      },
    )
    return () => {
      alive = false
      if (got !== null) media.release(got)
    }
  }, [media, url, prepared])
  return url && address?.url === url ? address.address : null
}
