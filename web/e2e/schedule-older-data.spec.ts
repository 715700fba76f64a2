// Schedule entries saved before the save rules refused them (docs/schedules.md):
// a window that starts where it ends, overlapping and unsorted windows, no
// weekday. The API refuses them now, so they are written straight into the
// database of a server of its own. The console shows what they do when played,
// and the form asks for a fix before saving again.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { test as base, expect, shot, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ENV, requireEnv } from './harness/env.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, operatorWithGroup } from './harness/overview-api.ts'
import { getSchedule, saveEntries } from './harness/schedule-api.ts'
import { startVitrine, type VitrineServer } from './harness/server.ts'

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results')

let server: VitrineServer | undefined
let dataDir = ''

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names from its first parameter
  baseURL: async ({}, use) => {
    if (!server) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-older-'))
      server = await startVitrine({
        binary: requireEnv(ENV.binary),
        logFile: path.join(resultsDir, 'vitrine-older-data.log'),
        dataDir,
        env: { VITRINE_ADMIN_EMAIL: ADMIN_EMAIL, VITRINE_ADMIN_PASSWORD: ADMIN_PASSWORD, SMTP_URL: requireEnv(ENV.smtpURL) },
      })
    }
    await use(server.baseURL)
  },
})

test.afterAll(async () => {
  await server?.stop()
  if (dataDir && !process.env.VITRINE_E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
})

const entryRows = (page: Page) => page.getByRole('table', { name: 'Mídias da programação' }).getByRole('row').filter({ has: page.getByRole('cell') })

/** Writes a schedule's entries as an older version stored them, past today's save rules. */
function storeEntries(scheduleId: string, entries: object[]) {
  const json = JSON.stringify(entries).replaceAll("'", "''")
  execFileSync('sqlite3', [path.join(dataDir, 'vitrine.db'), `UPDATE schedules SET entries = '${json}' WHERE id = '${scheduleId.replaceAll("'", "''")}'`])
}

test('entries saved before the rules show what they play, and the form asks for a fix', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('dados-antigos'),
    password: strongPassword(),
    group: `Rede Antiga ${Date.now().toString(36)}`,
  })
  const image = await addMedia(api, token, franchise.slug, { name: 'Cartaz Antigo', type: 'image', bytes: png(320, 180, { noise: true, seed: 5 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, franchise.slug, 'Antiga')
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: image.id, displayTime: 10 }])
  const entry = { id: image.id, name: 'Cartaz Antigo', type: 'image', displayTime: 10, dok: 127, enabled: true, stretch: false, volume: 0 }
  storeEntries(schedule.id, [
    { ...entry, name: 'Faixa vazia', timeGap: ['15:00@15:00'] },
    { ...entry, name: 'Faixas fora de ordem', timeGap: ['18:00@20:00', '08:00@12:00', '11:00@14:00'] },
    { ...entry, name: 'Sem dia', dok: 0, timeGap: [] },
  ])

  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await expect(entryRows(page)).toHaveCount(3)
  // '15:00@15:00' plays all day, and says so; windows read in the order of the day; no weekday never plays.
  await expect(entryRows(page).nth(0)).toContainText('Dia todo (15:00 às 15:00)')
  await expect(entryRows(page).nth(1)).toContainText('08:00 às 12:00, 11:00 às 14:00, 18:00 às 20:00')
  await expect(entryRows(page).nth(2)).toContainText('Nenhum dia')
  await expect(entryRows(page).nth(2)).not.toContainText('SEMPRE')
  await shot(page, 'schedule-older-data')

  // Editing the first: the range shows as what it does, and the save asks to change it.
  await entryRows(page).nth(0).getByRole('link', { name: 'Editar Faixa vazia' }).click()
  const ranges = page.getByRole('list', { name: 'Faixas de horário' })
  await expect(ranges).toHaveText('Dia todo (15:00 às 15:00)')
  await page.getByRole('button', { name: 'Atualizar Mídia' }).click()
  await expect(page.getByText('A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário.', { exact: false })).toBeVisible()
  await shot(page, 'schedule-older-data-edit')
  await page.getByRole('button', { name: 'Excluir faixa 15:00 às 15:00' }).click()
  await expect(page.getByText('começa e termina no mesmo horário', { exact: false })).toHaveCount(0)
  // The other two are sent back as they were stored and keep their days and windows: only the edited one had to change.
  await page.getByRole('button', { name: 'Atualizar Mídia' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}$`))
  await expect(entryRows(page).nth(0)).toContainText('Dia todo')
  await expect(entryRows(page).nth(0)).not.toContainText('15:00')
  const stored = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(stored.media.map((m) => [m.name, m.dok, m.timeGap])).toEqual([
    ['Faixa vazia', 127, []],
    ['Faixas fora de ordem', 127, ['18:00@20:00', '08:00@12:00', '11:00@14:00']],
    ['Sem dia', 0, []],
  ])
})
