// The player (/player) with the console: a TV box pairs by its code, plays
// its schedule and follows changes pushed by the server, keeps playing when
// the server is gone and reconnects when it is back, answers remote
// commands, turns with its TV; the console shows it Online, then Offline.
// This flow runs against a server of its own, which it stops and starts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { test as base, expect, shot, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ENV, requireEnv } from './harness/env.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, createStore, operatorWithGroup, storeDisplays } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { startVitrine, type VitrineServer } from './harness/server.ts'

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results')

let server: VitrineServer
let port = 0
let dataDir = ''

async function start() {
  // The data folder outlives each server: the flow restarts it.
  dataDir ||= fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-player-'))
  server = await startVitrine({
    binary: requireEnv(ENV.binary),
    logFile: path.join(resultsDir, 'vitrine-player.log'),
    port: port || undefined,
    dataDir,
    env: { VITRINE_ADMIN_EMAIL: ADMIN_EMAIL, VITRINE_ADMIN_PASSWORD: ADMIN_PASSWORD, SMTP_URL: requireEnv(ENV.smtpURL) },
  })
  port = Number(new URL(server.baseURL).port)
}

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names from its first parameter
  baseURL: async ({}, use) => {
    if (!server) await start()
    await use(server.baseURL)
  },
})

test.afterAll(async () => {
  await server?.stop()
  if (dataDir && !process.env.VITRINE_E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
})

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const tvRow = (page: Page, store: string, tv: string) =>
  card(page, store).getByRole('table').getByRole('row').filter({ hasText: tv })

test('a TV box pairs by its code, plays its schedule, follows changes, survives the server going away and answers commands', async ({ page, browser, api, adminToken, baseURL }) => {
  const email = uniqueEmail('player')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Tela ${Date.now().toString(36)}` })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Tela' })
  const image = (name: string, seed: number) =>
    addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(640, 360, { noise: true, seed }), contentType: 'image/png' })
  const first = await image('Primeira', 1)
  const second = await image('Segunda', 2)
  const third = await image('Terceira', 3)
  const schedule = await createSchedule(api, token, franchise.slug, 'Vitrine da Loja')
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: first.id, displayTime: 3 }, { id: second.id, displayTime: 3 }])

  // --- The box shows its code until a TV is registered with it.
  const tv = await openPlayer(browser, baseURL!)
  const code = tv.locator('.pairing-code')
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
  await shot(tv, 'player-pairing')
  const device = (await code.textContent())!

  // --- The operator types it into 'Adicionar Televisor'.
  await useSession(page, { token })
  await page.goto('/dashboard')
  await card(page, 'Loja Tela').getByRole('button', { name: 'Adicionar Televisor' }).click()
  const tvDialog = page.getByRole('dialog', { name: 'Adicionar Televisor' })
  await tvDialog.getByLabel('Código do dispositivo').fill('XXXXXX')
  await tvDialog.getByLabel('Nome do televisor').fill('TV Balcão')
  await tvDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Dispositivo não encontrado.')).toBeVisible() // a typo creates no dead TV
  await tvDialog.getByLabel('Código do dispositivo').fill(device.toLowerCase())
  await tvDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Televisor criado')).toBeVisible()
  await expect(tv.getByText('Nenhuma programação vinculada a este televisor.')).toBeVisible()
  // The list refreshes every 30 s; a reload shows the new status once the
  // server has written it (its status writes are batched for a moment).
  await expect(async () => {
    await page.reload()
    await expect(tvRow(page, 'Loja Tela', 'TV Balcão')).toContainText('Online', { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })

  // --- Linking the schedule puts its media on screen within 2 s: the one
  // its loop is at (the loop counts from the schedule's last change, as on
  // every screen showing it), then the next.
  const [display] = await storeDisplays(api, token, franchise.slug, store.slug)
  const linkedAt = Date.now()
  await api.post(`/display/${franchise.slug}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  await expect(onScreen(tv)).toHaveAttribute('data-media', /^(Primeira|Segunda)$/, { timeout: 2_000 })
  expect(Date.now() - linkedAt).toBeLessThan(2_000)
  const firstShown = await onScreen(tv).getAttribute('data-media')
  await expect(onScreen(tv)).toHaveAttribute('data-media', firstShown === 'Primeira' ? 'Segunda' : 'Primeira', { timeout: 5_000 })
  await shot(tv, 'player-playing')

  // --- A change to the schedule is followed.
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: third.id, displayTime: 3 }])
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Terceira', { timeout: 2_000 })
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: first.id, displayTime: 2 }, { id: second.id, displayTime: 2 }])
  await expect(onScreen(tv)).toHaveAttribute('data-media', /Primeira|Segunda/, { timeout: 2_000 })

  // --- The server goes away: the box plays on, through a whole loop.
  await server.stop()
  for (const name of ['Primeira', 'Segunda', 'Primeira']) {
    await expect(onScreen(tv)).toHaveAttribute('data-media', name, { timeout: 5_000 })
  }
  // Restarted offline, it starts from what it kept.
  await tv.reload()
  await expect(onScreen(tv)).toHaveAttribute('data-media', /Primeira|Segunda/, { timeout: 5_000 })

  // --- The server is back: the box reconnects and follows changes again.
  await start()
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: third.id, displayTime: 3 }])
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Terceira', { timeout: 35_000 })

  // --- Remote commands from 'Ações Admin', through an administrator's impersonation.
  const { token: actingToken } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
  await page.evaluate(() => localStorage.clear())
  const adminPage = await page.context().newPage()
  await useSession(adminPage, { token: actingToken, adminToken })
  await adminPage.goto('/dashboard')
  await expect(tvRow(adminPage, 'Loja Tela', 'TV Balcão')).toContainText('Online')
  const run = async (label: string) => {
    await card(adminPage, 'Loja Tela').getByRole('button', { name: 'Comandos para TV Balcão' }).click()
    await adminPage.getByRole('menuitem', { name: label }).click()
    await adminPage.getByRole('alertdialog', { name: `${label}?` }).getByRole('button', { name: 'Executar' }).click()
    await expect(toast(adminPage, 'Comando executado')).toBeVisible()
  }
  await run('Identificar dispositivo')
  await expect(tv.locator('.identify')).toContainText('TV Balcão')
  await expect(tv.locator('.identify')).toContainText(device)
  await shot(tv, 'player-identify')
  const results = adminPage.getByRole('dialog', { name: 'Resultados dos comandos' })
  await expect(results.getByRole('row').filter({ hasText: 'Identificar dispositivo' })).toContainText('Concluído')
  await results.getByRole('button', { name: 'Fechar' }).first().click()

  await run('Capturar tela')
  const shotRow = results.getByRole('row').filter({ hasText: 'Capturar tela' })
  await expect(shotRow).toContainText('Concluído')
  const capture = shotRow.getByRole('img', { name: 'Captura de tela de TV Balcão' })
  await expect(capture).toBeVisible()
  expect(await capture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100)
  await shot(adminPage, 'player-screenshot-result')
  await results.getByRole('button', { name: 'Fechar' }).first().click()

  // --- A footer saved by an administrator: the clock in the screen's time zone.
  await api.post(
    `/schedule/${franchise.slug}/${schedule.id}/config`,
    { bottomBar: { height: 64, bgColor: '#0f172a', color: '#f8fafc', fSize: 24, fWeight: 600, clock: { color: '#f8fafc', fSize: 26 } } },
    actingToken,
  )
  await expect(tv.locator('.footer .clock')).toHaveText(/^\d{2}:\d{2}/, { timeout: 2_000 })
  await shot(tv, 'player-footer')

  // --- Turned 90°: the stage turns.
  await api.post(`/display/${franchise.slug}/${store.slug}/${display.id}`, { contentOrientation: 1 }, token)
  await expect(tv.locator('[data-stage]')).toHaveClass(/r90/, { timeout: 2_000 })
  await shot(tv, 'player-rotated')

  // --- Online while connected; Offline once the last ack is older than the rule's six minutes.
  await adminPage.clock.install()
  await adminPage.reload()
  await expect(tvRow(adminPage, 'Loja Tela', 'TV Balcão')).toContainText('Online')
  await adminPage.clock.fastForward('07:00')
  await expect(tvRow(adminPage, 'Loja Tela', 'TV Balcão')).toContainText('Offline')
  await tv.context().close()
})
