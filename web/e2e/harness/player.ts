// A TV box for the console's flows: a socket opened from a page of the
// server's origin, authenticated with a device token, answering every
// command with success — what the player does, without its screen.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { Api } from './api.ts'
import { createDisplay } from './overview-api.ts'

export interface Frame {
  type: string
  id?: string
  operation?: string
}

/** Connects a player holding token and waits until it is greeted (its playlist or the unpaired frame; the build frame comes before). */
export async function connectPlayer(context: BrowserContext, token: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto('/api/health')
  await page.evaluate(
    (token) =>
      new Promise<void>((resolve, reject) => {
        const frames: Frame[] = []
        Object.assign(window, { playerFrames: frames })
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/device/ws`)
        ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
        ws.onerror = () => reject(new Error('socket error'))
        ws.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as Frame
          frames.push(frame)
          if (frame.type === 'command') {
            void fetch(`/api/device/command/${frame.id}`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ ok: true, text: 'e2e' }),
            })
          }
          if (frame.type === 'playlist' || frame.type === 'unpaired') resolve()
        }
      }),
    token,
  )
  return page
}

/** The frames a player page received so far. */
export async function playerFrames(page: Page): Promise<Frame[]> {
  return page.evaluate(() => (window as unknown as { playerFrames: Frame[] }).playerFrames)
}

/** The real player (/player) on a TV box: its own browser context, a 16:9 screen in São Paulo. */
export async function openPlayer(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 960, height: 540 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const tv = await context.newPage()
  await tv.goto('/player')
  return tv
}

/** What the player shows: the media of its top, ready layer (data-media is the media's name). */
export const onScreen = (tv: Page) => tv.locator('[data-layer][data-ready="true"]').last()

/**
 * Opens the real player, registers a new TV of the store with the code it
 * shows and links the schedule to it; the player is returned as it pairs.
 */
export async function pairedPlayer(browser: Browser, baseURL: string, api: Api, token: string, franchise: string, store: string, schedule: string, name: string) {
  const tv = await openPlayer(browser, baseURL)
  const code = tv.locator('.pairing-code')
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
  const display = await createDisplay(api, token, franchise, store, { name, device: (await code.textContent())! })
  await api.post(`/display/${franchise}/${store}/${display.id}`, { scheduleId: schedule }, token)
  return tv
}
