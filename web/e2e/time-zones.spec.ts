// Each store keeps its own clock (issue 22): the store form's 'Fuso horário',
// suggested by the state, and TVs in two zones playing one schedule by their
// own wall clocks.
import type { Page } from '@playwright/test'
import { test, expect, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { operatorWithGroup, stores } from './harness/overview-api.ts'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('the store form suggests the zone from the state, keeps a zone picked by hand, and takes any IANA zone', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('fuso'),
    password: strongPassword(),
    group: `Rede Fusos ${Date.now().toString(36)}`,
  })
  await useSession(page, { token })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Loja' })
  const zone = dialog.getByRole('combobox', { name: 'Fuso horário' })
  // The group's zone until the state says otherwise.
  await expect(zone).toHaveText('Brasília (UTC−3)')

  await dialog.getByLabel('Nome', { exact: true }).fill('Loja Rio Branco')
  await dialog.getByLabel('Região').fill('Norte')
  await dialog.getByLabel('Estado').fill('AC')
  await dialog.getByLabel('Cidade').fill('Rio Branco')
  await expect(zone).toHaveText('Rio Branco (UTC−5)')
  await expect(dialog.getByText('Sugerido pelo estado (AC).', { exact: false })).toBeVisible()
  await shot(page, 'store-dialog-time-zone')

  await zone.click()
  await expect(page.getByRole('option', { name: 'Rio Branco (UTC−5)' })).toBeVisible()
  await expect(page.getByRole('option')).toHaveCount(17) // Brazil's 16 zones and 'Outro fuso…'
  await shot(page, 'store-dialog-time-zone-open')
  await page.getByRole('option', { name: 'Eirunepé (UTC−5)' }).click()
  // A zone picked by hand stays when the state changes.
  await dialog.getByLabel('Estado').fill('Amazonas')
  await expect(zone).toHaveText('Eirunepé (UTC−5)')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja criada')).toBeVisible()
  await expect(card(page, 'Loja Rio Branco').getByText('Fuso horário: Eirunepé (UTC−5)')).toBeVisible()

  // Another store: a zone outside Brazil, then an unknown name refused.
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  await dialog.getByLabel('Nome', { exact: true }).fill('Loja Lisboa')
  await dialog.getByLabel('Região').fill('Europa')
  await dialog.getByLabel('Estado').fill('Lisboa')
  await dialog.getByLabel('Cidade').fill('Lisboa')
  await expect(zone).toHaveText('Brasília (UTC−3)')
  await zone.click()
  await page.getByRole('option', { name: 'Outro fuso…' }).click()
  const other = dialog.getByLabel('Outro fuso (nome IANA)')
  await other.fill('Marte/Base')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByText('Fuso horário inválido: escolha um fuso da lista, como America/Sao_Paulo.')).toBeVisible()
  await shot(page, 'store-dialog-time-zone-other')
  await other.fill('Europe/Lisbon')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja criada')).toBeVisible()

  const saved = Object.fromEntries((await stores(api, token, franchise.slug)).map((s) => [s.name, s.timeZone]))
  expect(saved).toEqual({ 'Loja Rio Branco': 'America/Eirunepe', 'Loja Lisboa': 'Europe/Lisbon' })

  // Editing keeps the zone outside the list in 'Outro fuso'.
  await card(page, 'Loja Lisboa').getByRole('button', { name: 'Editar loja Loja Lisboa' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Loja' })
  await expect(edit.getByRole('combobox', { name: 'Fuso horário' })).toHaveText('Outro fuso…')
  await expect(edit.getByLabel('Outro fuso (nome IANA)')).toHaveValue('Europe/Lisbon')
})
