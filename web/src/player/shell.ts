// What the service worker reads of the player's page (service-worker.ts).

/** The code a page loads: its /assets/… scripts and styles, in page order. */
export function assetsOf(html: string): string[] {
  const assets: string[] = []
  const pattern = /(?:src|href)="(\/assets\/[^"]+)"/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(html))) assets.push(match[1])
  return assets
}
