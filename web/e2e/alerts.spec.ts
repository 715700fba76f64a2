// Alertas (/alerts): the TVs offline now, reached from Visão Geral's Offline
// counter, the administrator's alert settings, and an operator's opt-in to
// the alert e-mails on the profile page.
import { test, expect, shot, storageKeys, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { announceDevice, createDisplay, createStore, operatorWithGroup, storeDisplays } from './harness/overview-api.ts'
import { connectPlayer } from './harness/player.ts'

test('an administrator finds the offline TV from Visão Geral and saves the alert settings', async ({ page, browser, api, adminToken, baseURL }) => {
  const franchise = await api.createFranchise(adminToken, { name: `Rede Alerta ${Date.now().toString(36)}` })
  const store = await createStore(api, adminToken, franchise.slug, {
    name: 'Loja Centro',
    contacts: [{ name: 'Ana Gerente', role: 'Gerente', phone: '11987654321', receiveNotify: true }],
  })
  // A TV whose player connected and left, and one whose player never came.
  const box = await announceDevice(api)
  await createDisplay(api, adminToken, franchise.slug, store.slug, { name: 'TV Caixa', device: box.device })
  await createDisplay(api, adminToken, franchise.slug, store.slug, { name: 'TV Vitrine' })
  const player = await browser.newContext({ baseURL })
  const socket = await connectPlayer(player, box.token)
  await expect.poll(async () => (await storeDisplays(api, adminToken, franchise.slug, store.slug)).find((d) => d.name === 'TV Caixa')?.connected).toBe(true)
  await socket.close()
  await player.close()
  await expect.poll(async () => (await storeDisplays(api, adminToken, franchise.slug, store.slug)).find((d) => d.name === 'TV Caixa')?.connected).toBe(false)

  await useSession(page, { token: adminToken, franchise: franchise.slug })
  await page.goto('/dashboard')
  const offline = page.getByRole('link', { name: /Offline: 2/ })
  await expect(offline).toBeVisible()
  await offline.click()
  await expect(page).toHaveURL(/\/alerts$/)
  await expect(page.getByRole('heading', { name: 'Alertas', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'ALERTAS' })).toHaveAttribute('aria-current', 'page')

  const tvs = page.getByRole('table', { name: 'TVs offline agora' })
  const caixa = tvs.getByRole('row').filter({ hasText: 'TV Caixa' })
  await expect(caixa).toContainText('Loja Centro')
  await expect(caixa).toContainText(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)
  await expect(caixa).toContainText('1 min')
  await expect(tvs.getByRole('row').filter({ hasText: 'TV Vitrine' })).toContainText('Nunca conectou')
  await expect(page.getByRole('table', { name: 'Alertas enviados' })).toContainText('Nenhum alerta enviado.')

  // The settings: off, 48 hours, every channel by default.
  const form = page.getByRole('form', { name: 'Configurações de alerta' })
  const enabled = form.getByRole('switch', { name: 'Enviar alertas de TV offline' })
  await expect(enabled).not.toBeChecked()
  await expect(form.getByLabel('Quantidade')).toHaveValue('2')
  await expect(form.getByRole('combobox', { name: 'Unidade do atraso' })).toHaveText('dias')
  await enabled.click()
  await form.getByLabel('Quantidade').fill('3')
  await form.getByRole('combobox', { name: 'Unidade do atraso' }).click()
  await page.getByRole('option', { name: 'minutos' }).click()
  await form.getByRole('button', { name: 'Salvar' }).click()
  await expect(form.getByText('O atraso deve ficar entre 5 minutos e 7 dias.')).toBeVisible()
  for (const channel of ['SMS', 'WhatsApp', 'E-mail']) await form.getByRole('checkbox', { name: channel }).uncheck()
  await form.getByLabel('Quantidade').fill('30')
  await form.getByRole('button', { name: 'Salvar' }).click()
  await expect(form.getByText('Escolha pelo menos um canal para enviar os alertas.')).toBeVisible()
  await form.getByRole('checkbox', { name: 'SMS' }).check()
  await form.getByRole('checkbox', { name: 'E-mail' }).check()
  await form.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Configurações salvas')).toBeVisible()
  await shot(page, 'alerts-page')

  await page.reload()
  await expect(enabled).toBeChecked()
  await expect(form.getByLabel('Quantidade')).toHaveValue('30')
  await expect(form.getByRole('combobox', { name: 'Unidade do atraso' })).toHaveText('minutos')
  await expect(form.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked()
  await expect(form.getByRole('checkbox', { name: 'SMS' })).toBeChecked()
  await page.evaluate(([key]) => localStorage.setItem(key, 'dark'), [storageKeys.theme] as const)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(caixa).toBeVisible()
  await shot(page, 'alerts-page-dark')
  const saved = await api.get<{ settings: { enabled: boolean; delayMinutes: number; channels: string[] } }>(`/alerts/${franchise.slug}`, adminToken)
  expect(saved.settings).toMatchObject({ enabled: true, delayMinutes: 30, channels: ['sms', 'email'] })

  // The administrator opts in to the alert e-mails on the profile page.
  await page.goto('/profile/edit')
  const optIn = page.getByRole('switch', { name: 'Receber alertas de TV offline por e-mail' })
  await expect(optIn).not.toBeChecked()
  await optIn.click()
  await expect(toast(page, 'Alertas por e-mail ativados.')).toBeVisible()
  await expect(optIn).toBeChecked()
  await optIn.click()
  await expect(toast(page, 'Alertas por e-mail desativados.')).toBeVisible()
})

test('an operator reads the alert settings but cannot change them', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('alerta')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Operador ${Date.now().toString(36)}` })
  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/alerts')
  const form = page.getByRole('form', { name: 'Configurações de alerta' })
  await expect(page.getByText('Apenas administradores alteram estas configurações.')).toBeVisible()
  await expect(form.getByRole('switch', { name: 'Enviar alertas de TV offline' })).toBeDisabled()
  await expect(form.getByRole('checkbox', { name: 'SMS' })).toBeDisabled()
  await expect(form.getByRole('button', { name: 'Salvar' })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'TVs offline agora' })).toContainText('Nenhuma TV offline.')
  await expect(api.post(`/alerts/${franchise.slug}`, { enabled: true }, token)).rejects.toMatchObject({ status: 403 })
})
