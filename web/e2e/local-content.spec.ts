// Local content (docs/local-content.md) with real players: a network schedule
// holds a media and the local space 'Recados da loja' (the network's
// 'Reserva' as its fallback), played by a TV in Loja Norte and one in Loja
// Sul. The franchisee of Loja Norte uploads an image into the store's folder
// and puts it in the space; while it waits, Loja Norte's TV keeps playing the
// fallback. The approver approves it from 'Aprovações': Loja Norte's TV plays
// it, Loja Sul's does not. A change of the approved item waits while the
// approved one keeps playing; its refusal reaches the franchisee by e-mail
// (the harness's SMTP server) with its reason. axe checks both pages in the
// light and dark themes.
import type { Page } from '@playwright/test'
import { test, expect, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import type { Api } from './harness/api.ts'
import type { Mailbox } from './harness/mailbox.ts'
import { axeViolations } from './harness/axe.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, pairedPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

type Theme = 'light' | 'dark'

async function checkThemes(page: Page, screen: string, screenshot: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const found = await axeViolations(page)
    expect.soft(found.length, `violations on ${screen} (${theme}):\n${found.join('\n')}\n`).toBe(0)
    await shot(page, `${screenshot}-${theme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A new account that joins the group as the franchisee of stores, through the invitation mailed to it. */
async function franchisee(api: Api, mailbox: Mailbox, adminToken: string, group: { token: string; slug: string }, stores: string[]) {
  const email = uniqueEmail('franqueado')
  const password = strongPassword('franqueado')
  await api.createUser(adminToken, { name: 'Fabio Franqueado', email, password })
  const token = await api.login(email, password)
  await api.post(`/team/${group.slug}/invite`, { email, role: 'franchisee', stores }, group.token)
  const mail = await mailbox.waitFor(email, { link: /\/convite\?code=/ })
  await api.post(`/invite/${mail.code}/accept`, {}, token)
  return { token, email }
}

test('a franchisee fills the local space, the network approves it, and only their store plays it', async ({ page, browser, baseURL, api, adminToken, mailbox }) => {
  test.setTimeout(180_000)
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('rede'),
    password: strongPassword('rede'),
    name: 'Nina Rede',
    group: `Rede Local ${Date.now().toString(36)}`,
  })
  const f = franchise.slug
  const north = await createStore(api, token, f, { name: 'Loja Norte' })
  const south = await createStore(api, token, f, { name: 'Loja Sul' })
  const promo = await addMedia(api, token, f, { name: 'Promoção', type: 'image', bytes: png(640, 360, { seed: 3 }), contentType: 'image/png' })
  const fallback = await addMedia(api, token, f, { name: 'Reserva', type: 'image', bytes: png(640, 360, { seed: 5 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine')
  await saveEntries(api, token, f, schedule.id, [
    { id: promo.id, displayTime: 5 },
    { isLocal: true, name: 'Recados da loja', localTime: 5, localFallbackMediaId: fallback.id },
  ])
  const tvNorth = await pairedPlayer(browser, baseURL!, api, token, f, north.slug, schedule.id, 'TV Norte')
  const tvSouth = await pairedPlayer(browser, baseURL!, api, token, f, south.slug, schedule.id, 'TV Sul')
  const fabio = await franchisee(api, mailbox, adminToken, { token, slug: f }, [north.slug])

  // The franchisee uploads an image into the store's folder and puts it in the space.
  await useSession(page, { token: fabio.token, franchise: f })
  await page.goto('/local')
  await expect(page.getByRole('heading', { name: 'Conteúdo local' })).toBeVisible()
  await page.getByRole('button', { name: 'Enviar imagens' }).click()
  const upload = page.getByRole('dialog', { name: 'Enviar Imagens' })
  await upload.getByLabel('Selecionar arquivos').setInputFiles({ name: 'horario-feriado.png', mimeType: 'image/png', buffer: png(640, 360, { noise: true, seed: 11 }) })
  await upload.getByRole('button', { name: 'Enviar', exact: true }).click()
  const folder = page.getByRole('list', { name: 'Mídias da loja' })
  await expect(folder.getByText('horario-feriado')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Adicionar item em Vitrine › Recados da loja' }).click()
  const add = page.getByRole('dialog', { name: 'Adicionar item' })
  await add.getByRole('radio', { name: /horario-feriado/ }).check()
  await add.getByRole('button', { name: 'Enviar para aprovação' }).click()
  const items = page.getByRole('list', { name: 'Itens da loja em Vitrine › Recados da loja' })
  await expect(items.getByText('Aguardando aprovação')).toBeVisible()
  await checkThemes(page, '/local', 'local-content')

  // While it waits, Loja Norte's TV plays the network's fallback in the space.
  await expect(onScreen(tvNorth)).toHaveAttribute('data-media', 'Reserva', { timeout: 20_000 })

  // The approver approves it from 'Aprovações'.
  const approver = await page.context().browser()!.newContext({ baseURL, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' })
  const nina = await approver.newPage()
  await useSession(nina, { token, franchise: f })
  await nina.goto('/approvals')
  await expect(nina.getByText('1 item aguardando aprovação', { exact: false })).toBeVisible()
  const waiting = nina.getByRole('list', { name: 'Aguardando aprovação' })
  await expect(waiting.getByText('Loja Norte: horario-feriado')).toBeVisible()
  await checkThemes(nina, '/approvals', 'approvals')
  await nina.getByRole('button', { name: 'Aprovar horario-feriado de Loja Norte' }).click()
  await expect(nina.getByText('Nada aguardando aprovação.', { exact: true }).last()).toBeVisible()

  // Loja Norte's TV plays it in the space; Loja Sul's keeps its fallback.
  await expect(onScreen(tvNorth)).toHaveAttribute('data-media', 'horario-feriado', { timeout: 20_000 })
  await shot(tvNorth, 'local-content-tv')
  await expect(onScreen(tvSouth)).toHaveAttribute('data-media', 'Reserva', { timeout: 20_000 })
  // The franchisee's page follows the decision without a reload (the console's event stream).
  await expect(items.getByText('Aprovado', { exact: true })).toBeVisible()

  // A change waits while the approved version keeps playing.
  await page.getByRole('button', { name: 'Editar horario-feriado' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar item' })
  await edit.getByLabel('Fim').fill('2030-12-31')
  await edit.getByRole('button', { name: 'Enviar para aprovação' }).click()
  await expect(items.getByText('Aguardando aprovação')).toBeVisible()
  await expect(onScreen(tvNorth)).toHaveAttribute('data-media', 'horario-feriado', { timeout: 20_000 })

  // Refused with a reason: the franchisee reads it by e-mail and on the page. The approver's
  // 'Aprovações' shows the change sent again without a reload.
  await nina.getByRole('button', { name: 'Recusar horario-feriado de Loja Norte' }).click()
  const reject = nina.getByRole('dialog', { name: 'Recusar' })
  await reject.getByRole('button', { name: 'Recusar' }).click()
  await expect(reject.getByText('Informe o motivo da recusa.')).toBeVisible()
  await reject.getByLabel('Motivo').fill('A data final passa do fim da campanha.')
  await reject.getByRole('button', { name: 'Recusar' }).click()
  await expect(nina.getByText('Nada aguardando aprovação.', { exact: true }).last()).toBeVisible()
  const mail = await mailbox.waitFor(fabio.email, { subject: /Conteúdo local recusado/ })
  expect(mail.text).toContain('Motivo: A data final passa do fim da campanha.')
  await expect(items.getByText('Recusado: A data final passa do fim da campanha.')).toBeVisible()
  await expect(onScreen(tvNorth)).toHaveAttribute('data-media', 'horario-feriado', { timeout: 20_000 })
  await approver.close()
})
