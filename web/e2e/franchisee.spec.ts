// Scoped members in the console (docs/roles.md): a franchisee of one store
// of a network signs in and sees that store and its TVs only (another store
// looked up is not found), pairs a TV there and links it to a schedule made
// available to franchisees (the others are not offered), and reads the
// network's schedules and media without the controls that change them
// (another group's schedule by its URL is not found); a store manager sees
// their store, edits its contacts and hours, and registers no TV. The
// group, its members and their stores are made through the API (each
// invitation accepted from its mail); axe checks the franchisee's read-only
// screens in the light and dark themes.
import type { Page } from '@playwright/test'
import { test, expect, loginAs, refuseEventStream, shot, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import type { Api } from './harness/api.ts'
import type { Mailbox } from './harness/mailbox.ts'
import { axeViolations } from './harness/axe.ts'
import { addMedia, png } from './harness/media-api.ts'
import { openInApp } from './harness/navigate.ts'
import { announceDevice, createDisplay, createSchedule, createStore, operatorWithGroup, storeDisplays } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'

type Theme = 'light' | 'dark'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const counter = (page: Page, label: string) => page.getByRole('main').getByRole('group', { name: new RegExp(`^${label}: \\d+$`) }).first()
const nav = (page: Page, name: string) => page.getByRole('link', { name, exact: true })

/** Checks what the page shows in the light theme, then the dark one (the console follows the system's scheme). */
async function checkThemes(page: Page, screen: string, screenshot?: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const found = await axeViolations(page)
    expect.soft(found.length, `violations on ${screen} (${theme}):\n${found.join('\n')}\n`).toBe(0)
    if (screenshot) await shot(page, `${screenshot}-${theme}`)
  }
}

/**
 * A network ('Rede Norte Sul' unless named, its creator managing the team)
 * with the stores Loja Norte and Loja Sul, a TV in each, an image, and the
 * schedules 'Liberada' (made available to franchisees, with the image) and
 * 'Rede só'.
 */
async function network(api: Api, adminToken: string, name = 'Rede Norte Sul') {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('rede'),
    password: strongPassword('rede'),
    name: 'Nina Rede',
    group: `${name} ${Date.now().toString(36)}`,
  })
  const f = franchise.slug
  const north = await createStore(api, token, f, { name: 'Loja Norte', contacts: [{ name: 'Nara', role: 'Gerente', phone: '11987654321', receiveNotify: true }] })
  const south = await createStore(api, token, f, { name: 'Loja Sul', contacts: [{ name: 'Sara', role: 'Gerente', phone: '11987654322', receiveNotify: true }] })
  await createDisplay(api, token, f, north.slug, { name: 'TV Norte' })
  await createDisplay(api, token, f, south.slug, { name: 'TV Sul' })
  const image = await addMedia(api, token, f, { name: 'Vitrine Inverno', type: 'image', bytes: png(640, 360, { noise: true, seed: 21 }), contentType: 'image/png' })
  const open = await createSchedule(api, token, f, 'Liberada')
  await saveEntries(api, token, f, open.id, [{ id: image.id, displayTime: 5 }])
  await api.post(`/schedule/${f}/${open.id}`, { forFranchisees: true }, token)
  await createSchedule(api, token, f, 'Rede só')
  return { token, slug: f, north, south, open }
}

/** A new account that joins the group with role and stores through the invitation mailed to it. */
async function member(api: Api, mailbox: Mailbox, adminToken: string, group: { token: string; slug: string }, role: 'franchisee' | 'store', name: string, stores: string[]) {
  const email = uniqueEmail(role)
  const password = strongPassword(role)
  await api.createUser(adminToken, { name, email, password })
  const token = await api.login(email, password)
  await api.post(`/team/${group.slug}/invite`, { email, role, stores }, group.token)
  const mail = await mailbox.waitFor(email, { link: /\/convite\?code=/ })
  await api.post(`/invite/${mail.code}/accept`, {}, token)
  return { token, email, password }
}

test('a franchisee sees only their store, pairs a TV there and links it to a schedule made available to franchisees', async ({ page, api, adminToken, mailbox }) => {
  const group = await network(api, adminToken)
  const fabio = await member(api, mailbox, adminToken, group, 'franchisee', 'Fabio Franqueado', [group.north.slug])

  await loginAs(page, fabio.email, fabio.password)
  await expect(card(page, 'Loja Norte')).toBeVisible()
  await expect(card(page, 'Loja Norte').getByText('TV Norte')).toBeVisible()
  await expect(card(page, 'Loja Sul')).toHaveCount(0)
  await expect(page.getByText('TV Sul')).toHaveCount(0)
  await expect(counter(page, 'Lojas')).toHaveAccessibleName('Lojas: 1')
  await expect(counter(page, 'Televisores')).toHaveAccessibleName('Televisores: 1')
  await expect(page.getByRole('button', { name: 'Adicionar Loja' })).toHaveCount(0)
  await expect(nav(page, 'PROGRAMAÇÕES')).toBeVisible()
  await expect(nav(page, 'EQUIPE')).toHaveCount(0)
  await expect(nav(page, 'INTEGRAÇÕES')).toHaveCount(0)
  // The store picker offers theirs; another store looked up by name is not found.
  await page.getByRole('combobox', { name: 'Selecionar loja' }).click()
  await expect(page.getByRole('option')).toHaveText(['Todas as lojas', 'Loja Norte'])
  await page.keyboard.press('Escape')
  await page.getByLabel('Filtrar loja pelo nome').fill('Sul')
  await expect(page.getByText('Nenhuma loja encontrada.')).toBeVisible()
  await page.getByRole('button', { name: 'Limpar' }).click()

  // A player announces itself; the franchisee registers it in their store with its code.
  const { device } = await announceDevice(api)
  await card(page, 'Loja Norte').getByRole('button', { name: 'Adicionar Televisor' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Televisor' })
  await dialog.getByLabel('Código do dispositivo').fill(device)
  await dialog.getByLabel('Nome do televisor').fill('TV Vitrine')
  await dialog.getByRole('combobox', { name: 'Programação (opcional)' }).click()
  await expect(page.getByRole('option')).toHaveText(['Sem programação', 'Liberada'])
  await page.getByRole('option', { name: 'Liberada' }).click()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Televisor criado')).toBeVisible()
  await expect(card(page, 'Loja Norte').getByRole('row').filter({ hasText: 'TV Vitrine' })).toContainText('Liberada')
  const paired = (await storeDisplays(api, group.token, group.slug, group.north.slug)).find((d) => d.name === 'TV Vitrine')
  expect(paired).toMatchObject({ device, schedule: group.open.id })
})

test("a franchisee reads the network's schedules and media without the controls that change them", async ({ page, api, adminToken, mailbox }) => {
  const group = await network(api, adminToken)
  const other = await network(api, adminToken, 'Outra Rede')
  const { token } = await member(api, mailbox, adminToken, group, 'franchisee', 'Fabio Franqueado', [group.north.slug])
  const heading = (name: string) => page.getByRole('heading', { name, exact: true })
  await useSession(page, { token, franchise: group.slug })
  await refuseEventStream(page)

  await page.goto('/schedule')
  const schedules = page.getByRole('table', { name: 'Programações' })
  await expect(schedules.getByText('Liberada')).toBeVisible()
  await expect(schedules.getByText('Rede só')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Nova Programação' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Excluir / })).toHaveCount(0)
  await checkThemes(page, '/schedule')

  await openInApp(page, `/schedule/${group.open.id}`)
  await expect(page.getByRole('table', { name: 'Mídias da programação' }).getByText('Vitrine Inverno')).toBeVisible()
  for (const control of ['Editar nome', 'Duplicar programação']) await expect(page.getByRole('button', { name: control })).toHaveCount(0)
  await expect(page.getByRole('switch', { name: 'Disponível para franqueados' })).toHaveCount(0)
  await checkThemes(page, '/schedule/{id}', 'franchisee-schedule')
  // Its TVs section offers their store alone to link a TV of.
  await page.getByRole('combobox', { name: 'Loja', exact: true }).click()
  await expect(page.getByRole('option')).toHaveText(['Loja Norte'])
  await page.keyboard.press('Escape')

  await openInApp(page, '/medias')
  await expect(heading('Minhas Mídias')).toBeVisible()
  await expect(page.getByRole('row', { name: 'Vitrine Inverno', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Nova Pasta' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Editar Vitrine Inverno' })).toHaveCount(0)
  await checkThemes(page, '/medias')

  // Another group's schedule by its URL: not found.
  await page.goto(`/schedule/${other.open.id}`)
  await expect(page.getByText('Programação não encontrada.')).toBeVisible()
  await expect(page.getByText('Vitrine Inverno')).toHaveCount(0)
})

test("a store manager sees their store, edits its contacts and hours, and registers no TV", async ({ page, api, adminToken, mailbox }) => {
  const group = await network(api, adminToken)
  const { token } = await member(api, mailbox, adminToken, group, 'store', 'Gabi Gerente', [group.north.slug])

  await useSession(page, { token, franchise: group.slug })
  await page.goto('/dashboard')
  const north = card(page, 'Loja Norte')
  await expect(north.getByText('TV Norte')).toBeVisible()
  await expect(card(page, 'Loja Sul')).toHaveCount(0)
  await expect(north.getByRole('button', { name: 'Adicionar Televisor' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Adicionar Loja' })).toHaveCount(0)
  await expect(nav(page, 'PROGRAMAÇÕES')).toHaveCount(0)
  await expect(nav(page, 'MINHAS MÍDIAS')).toHaveCount(0)

  await north.getByRole('button', { name: 'Editar loja Loja Norte' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar Loja' })
  await expect(dialog.getByLabel('Nome', { exact: true })).not.toBeEditable()
  await dialog.getByLabel('Nome do contato').fill('Gabi')
  await dialog.getByLabel('Cargo').fill('Gerente')
  await dialog.getByRole('group', { name: 'Novo contato' }).getByLabel('Telefone').fill('11987654329')
  await dialog.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(dialog.getByRole('list', { name: 'Contatos da loja' })).toContainText('Gabi')
  await dialog.getByRole('checkbox', { name: 'Definir horário de funcionamento' }).check()
  const monday = dialog.getByRole('group', { name: 'Segunda-feira', exact: true })
  const shut = monday.getByRole('checkbox', { name: 'Segunda-feira: fechado' })
  if (await shut.isChecked()) await shut.uncheck()
  await monday.getByLabel('Segunda-feira, faixa 1: abre às').fill('08:00')
  await monday.getByLabel('Segunda-feira, faixa 1: fecha às').fill('18:00')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja atualizada')).toBeVisible()

  const stores = await api.get<{ storeList: { slug: string; contacts: { name: string }[] }[] }>(`/store/${group.slug}`, group.token)
  expect(stores.storeList.find((s) => s.slug === group.north.slug)?.contacts.map((c) => c.name)).toEqual(['Nara', 'Gabi'])
  const hours = await api.get<{ hours: { week: { start: string; end: string }[][] } | null }>(`/store/${group.slug}/${group.north.slug}/hours`, group.token)
  expect(hours.hours?.week[1]).toEqual([{ start: '08:00', end: '18:00' }])

  // The library's screens are not theirs: the URL leads back to Visão Geral.
  await page.goto('/schedule')
  await expect(page).toHaveURL(/\/dashboard$/)
})
