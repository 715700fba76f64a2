// 'Integrações': a 'Rede' member holding 'Gerenciar equipe' creates an API token on the page, reads it
// the one time it is shown, and a system of the group (this test, with fetch) uses it to create a
// schedule, which the console then lists and 'Atividade' names the token for; the list shows its last
// use. Revoked on the page, the token's next call is refused. axe checks the page and the dialog in the
// light and dark themes.
import type { Page } from '@playwright/test'
import { test, expect, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { createStore, operatorWithGroup } from './harness/overview-api.ts'

type Theme = 'light' | 'dark'

async function checkThemes(page: Page, screen: string, within?: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const found = await axeViolations(page, within)
    expect.soft(found.length, `violations on ${screen} (${theme}):\n${found.join('\n')}\n`).toBe(0)
  }
}

test('a team manager creates a token, a system uses it, and once revoked its next call is refused', async ({ page, api, adminToken, baseURL }) => {
  const group = `Rede Integra ${Date.now().toString(36)}`
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('integra'),
    password: strongPassword('integra'),
    name: 'Nina Rede',
    group,
  })
  await createStore(api, token, franchise.slug, { name: 'Loja Centro' })

  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'INTEGRAÇÕES' }).click()
  await expect(page).toHaveURL(/\/integrations$/)
  await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible()
  await expect(page.getByText('Nenhum token.')).toBeVisible()
  await checkThemes(page, '/integrations')

  await page.getByRole('button', { name: 'Novo token' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo token' })
  await dialog.getByLabel('Nome').fill('Sistema de preços')
  await dialog.getByRole('checkbox', { name: 'Leitura' }).check()
  await dialog.getByRole('checkbox', { name: 'Programações' }).check()
  await expect(dialog.getByLabel('Validade (dias)')).toHaveValue('90')
  await checkThemes(page, "'Novo token'", '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Criar token' }).click()

  const shown = page.getByRole('dialog', { name: 'Token criado' })
  await expect(shown.getByRole('alert')).toContainText('Este token não será mostrado de novo.')
  const secret = await shown.getByLabel('Token').inputValue()
  expect(secret).toMatch(/^vit_[A-Za-z0-9_-]{43}$/)
  await checkThemes(page, "'Token criado'", '[role="dialog"]')
  await shown.getByRole('button', { name: 'Concluir' }).click()
  await expect(shown).toBeHidden()

  const table = page.getByRole('table', { name: 'Tokens' })
  const row = table.getByRole('row').filter({ hasText: 'Sistema de preços' })
  await expect(row).toContainText('Leitura')
  await expect(row).toContainText('Programações')
  await expect(row).toContainText('Todas')
  await expect(row).toContainText('Nunca usado')
  // The token is shown that once: neither the page nor its list answer has it.
  await expect(page.getByText(secret)).toHaveCount(0)
  const listed = await api.get<{ tokens: unknown[] }>(`/tokens/${franchise.slug}`, token)
  expect(JSON.stringify(listed)).not.toContain(secret)

  // The group's price system, with the token.
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${secret}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
  const made = await call('POST', `/schedule/${franchise.slug}`, { name: 'Ofertas via token' })
  expect(made.status).toBe(201)
  // Outside its scopes: refused, nothing changes.
  const refused = await call('POST', `/store/${franchise.slug}`, { name: 'Loja Intrusa', region: 'Sudeste', state: 'SP', city: 'São Paulo', contacts: [] })
  expect(refused.status).toBe(403)
  expect(await refused.json()).toMatchObject({ statusCode: 1403, msg: 'Permissão insuficiente.' })

  await page.getByRole('link', { name: 'PROGRAMAÇÕES' }).click()
  await expect(page.getByText('Ofertas via token')).toBeVisible()
  await page.getByRole('link', { name: 'ATIVIDADE', exact: true }).click()
  await expect(page.getByText('Token: Sistema de preços').first()).toBeVisible()

  await page.getByRole('link', { name: 'INTEGRAÇÕES' }).click()
  await expect(row).not.toContainText('Nunca usado')
  await row.getByRole('button', { name: 'Revogar o token Sistema de preços' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revogar token' })
  await checkThemes(page, "'Revogar token'", '[role="alertdialog"]')
  await confirm.getByRole('button', { name: 'Revogar' }).click()
  await expect(toast(page, 'Token revogado')).toBeVisible()
  await expect(page.getByText('Nenhum token.')).toBeVisible()

  const after = await call('GET', `/schedule/${franchise.slug}`)
  expect(after.status).toBe(401)
  expect(await after.json()).toMatchObject({ statusCode: 1022 })
})
