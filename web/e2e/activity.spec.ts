// 'Atividade': a 'Rede' member changes a store's phone through the console,
// finds the change with its value before and after, filters by store and
// exports the CSV; a franchisee sees only the records of their stores. axe
// checks the page, a record open, in the light and dark themes.
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, loginAs, shot, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { createStore, operatorWithGroup } from './harness/overview-api.ts'

type Theme = 'light' | 'dark'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const records = (page: Page) => page.getByRole('table', { name: 'Registros de atividade' })
/** The records' rows (not the header's, nor the rows of a record's changes). */
const rows = (page: Page) =>
  records(page)
    .locator(':scope > tbody > tr')
    .filter({ has: page.getByRole('button', { name: /alterações:/ }) })

async function checkThemes(page: Page, screen: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const found = await axeViolations(page)
    expect.soft(found.length, `violations on ${screen} (${theme}):\n${found.join('\n')}\n`).toBe(0)
  }
}

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test("a network member finds a store's new phone in 'Atividade', filters by store and exports it; a franchisee sees only her stores'", async ({
  page,
  api,
  adminToken,
  browser,
  baseURL,
}) => {
  const ninaEmail = uniqueEmail('atividade-rede')
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: ninaEmail,
    password: strongPassword('rede'),
    name: 'Nina Rede',
    group: `Rede Atividade ${Date.now().toString(36)}`,
  })
  await createStore(api, token, franchise.slug, { name: 'Loja Centro' })
  await createStore(api, token, franchise.slug, { name: 'Loja Norte' })
  const fabiEmail = uniqueEmail('atividade-franqueada')
  const fabiPassword = strongPassword('franq')
  const fabi = await api.createUser(adminToken, { name: 'Fabiana Franqueada', email: fabiEmail, password: fabiPassword })
  await api.post('/user/franchise', { action: 'ADD', email: fabiEmail, franchiseSlug: franchise.slug }, adminToken)
  await api.post(`/team/${franchise.slug}/${fabi.id}`, { role: 'franchisee', stores: ['loja-norte'] }, token)

  // The phone changes through the store's dialog.
  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/dashboard')
  await card(page, 'Loja Centro').getByRole('button', { name: 'Editar loja Loja Centro' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Loja' })
  await edit.getByLabel('Telefone', { exact: true }).first().fill('1133334444')
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja atualizada')).toBeVisible()

  await page.getByRole('link', { name: 'ATIVIDADE', exact: true }).click()
  await expect(page).toHaveURL(/\/activity$/)
  await expect(page.getByRole('heading', { name: 'Atividade', level: 1 })).toBeVisible()
  const newest = rows(page).first()
  await expect(newest).toContainText('Alteração')
  await expect(newest).toContainText('Loja Centro')
  await expect(newest).toContainText(ninaEmail)
  // The group and its creator's membership, two stores, the franchisee's membership added and
  // narrowed, and the change.
  await expect(rows(page)).toHaveCount(7)

  const open = newest.getByRole('button', { name: 'Ver alterações: Alteração de Loja Centro' })
  await open.focus()
  await page.keyboard.press('Enter')
  await expect(newest.getByRole('button', { name: 'Ocultar alterações: Alteração de Loja Centro' })).toHaveAttribute('aria-expanded', 'true')
  const changes = page.getByRole('table', { name: 'Alterações de Loja Centro' })
  await expect(changes.getByRole('columnheader')).toHaveText(['Campo', 'Antes', 'Depois'])
  await expect(changes.getByRole('row', { name: /Telefone/ }).getByRole('cell')).toHaveText(['—', '1133334444'])
  await shot(page, 'activity')
  await checkThemes(page, '/activity')

  // Filtered by store: Loja Norte's creation and its franchisee's membership.
  await choose(page, 'Loja', 'Loja Norte')
  await expect(rows(page)).toHaveCount(2)
  await expect(rows(page).first()).toContainText('Membro da equipe')
  await expect(rows(page).nth(1)).toContainText('Criação')
  await expect(rows(page).nth(1)).toContainText('Loja Norte')

  // The CSV of Loja Centro: its creation and the new phone, in Portuguese.
  await choose(page, 'Loja', 'Loja Centro')
  await expect(rows(page)).toHaveCount(2)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(new RegExp(`^atividade-${franchise.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
  const csv = fs.readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toBe('Data e hora;Pessoa;Administrador;Endereço;Requisição;Tipo;Ação;Item;Loja;Alterações')
  expect(lines).toHaveLength(3)
  expect(lines[1]).toContain(`;${ninaEmail};`)
  expect(lines[1]).toContain(';Loja;Alteração;Loja Centro;Loja Centro;')
  expect(lines[1]).toContain('Telefone: — → 1133334444')
  expect(lines[2]).toContain(';Criação;Loja Centro;')
  expect(csv).not.toContain('Loja Norte')

  // The franchisee of Loja Norte: its records only, and no other store to filter by.
  const other = await browser.newContext({ baseURL })
  const franchisee = await other.newPage()
  await loginAs(franchisee, fabiEmail, fabiPassword)
  await franchisee.getByRole('link', { name: 'ATIVIDADE', exact: true }).click()
  await expect(franchisee.getByRole('heading', { name: 'Atividade', level: 1 })).toBeVisible()
  // Her membership narrowed to Loja Norte, and the store's creation.
  await expect(rows(franchisee)).toHaveCount(2)
  await expect(rows(franchisee).first()).toContainText('Membro da equipe')
  await expect(rows(franchisee).nth(1)).toContainText('Loja Norte')
  await expect(records(franchisee).getByText('Loja Centro')).toHaveCount(0)
  await franchisee.getByRole('combobox', { name: 'Loja' }).click()
  await expect(franchisee.getByRole('option')).toHaveText(['Todas as lojas', 'Loja Norte'])
  await franchisee.keyboard.press('Escape')
  await checkThemes(franchisee, '/activity (franchisee)')
  await other.close()
})

test("an administrator reads any group's activity, and the platform's, in the admin area", async ({ page, api, adminToken }) => {
  const email = uniqueEmail('atividade-admin')
  const group = `Rede Admin Atividade ${Date.now().toString(36)}`
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword('adm'), group })
  await createStore(api, token, franchise.slug, { name: 'Loja Praia' })

  await useSession(page, { token: adminToken, adminToken })
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'ATIVIDADE DOS GRUPOS' }).click()
  await expect(page).toHaveURL(/\/admin\/activity$/)
  await expect(page.getByRole('combobox', { name: 'Grupo' })).toHaveText('Plataforma (acessos e contas)')
  await expect(page.getByRole('combobox', { name: 'Loja' })).toHaveCount(0)
  await choose(page, 'Grupo', group)
  await expect(rows(page)).toHaveCount(3) // the group, its creator's membership, the store
  await expect(rows(page).first()).toContainText('Loja Praia')
  await expect(rows(page).first()).toContainText(email)
  await shot(page, 'activity-admin')
  await checkThemes(page, '/admin/activity')
})
