// The TV player's entry (web/player.html, served at /player): a second app
// next to the console, sharing only the playback rules (src/lib/playback).
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { captureClip, captureStill } from './capture'
import { browserCaches, MediaCache } from './media-cache'
import { PlayerSession } from './session'
import { browserStorage, PlayerStorage } from './storage'
import { PLAYER_VERSION } from './version'
import './player.css'

/** What a capture draws: the stage while something plays, else the whole screen. */
function captureRoot(): HTMLElement {
  return document.querySelector<HTMLElement>('[data-stage]') ?? document.querySelector<HTMLElement>('[data-capture-root]') ?? document.body
}

const media = new MediaCache({ caches: browserCaches(), fetch: (input, init) => fetch(input, init), base: location.href })
/** The page's build: the module script it loads (none under the dev server). */
const build = document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')?.getAttribute('src') ?? undefined

const session = new PlayerSession({
  version: PLAYER_VERSION,
  build,
  storage: new PlayerStorage(browserStorage()),
  media,
  host: {
    reload: () => location.reload(),
    captureStill: () => captureStill(captureRoot()),
    captureClip: (ms) => captureClip(captureRoot(), ms),
  },
  fetch: (input, init) => fetch(input, init),
  openSocket: (url) => new WebSocket(url),
  location,
  env: {
    userAgent: navigator.userAgent,
    // The screen in device pixels: what the TV shows, whatever the page's zoom.
    screen: () => ({ width: Math.round(screen.width * (devicePixelRatio || 1)), height: Math.round(screen.height * (devicePixelRatio || 1)) }),
    estimate: () => (navigator.storage?.estimate ? navigator.storage.estimate() : Promise.resolve(null)),
  },
})

window.addEventListener('online', () => session.nudge())
// Keeps the page and its code for starts without a network (secure contexts only: https or localhost).
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/player-sw.js', { scope: '/player' }).catch(() => undefined)
createRoot(document.getElementById('player')!).render(<App session={session} media={media} />)
session.start()
