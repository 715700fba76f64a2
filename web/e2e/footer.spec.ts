// Editar Rodapé (/bottombar/{scheduleId}, admins only), the guided 'Criar Programação'
// action and the detail's period filter (spec 2 §2, §4, §6, §7, §9).
import type { Page } from '@playwright/test'
import { test, expect, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { operatorWithGroup } from './harness/overview-api.ts'
import { getSchedule, saveEntries, scheduleNamed } from './harness/schedule-api.ts'

const entryRows = (page: Page) => page.getByRole('table', { name: 'Mídias da programação' }).getByRole('row').filter({ has: page.getByRole('cell') })

test('an administrator edits the footer, saves it, reopens it and sees it in the preview', async ({ page, api, adminToken }) => {
  const franchise = await api.createFranchise(adminToken, { name: `Rede Rodapé Editor ${Date.now().toString(36)}` })
  const image = await addMedia(api, adminToken, franchise.slug, { name: 'Vitrine Editor', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Rodapé Novo' }, adminToken)
  await saveEntries(api, adminToken, franchise.slug, schedule.id, [{ id: image.id, displayTime: 10 }])

  await useSession(page, { token: adminToken, adminToken, franchise: franchise.slug })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('link', { name: 'Editar rodapé' }).click()
  await expect(page).toHaveURL(new RegExp(`/bottombar/${schedule.id}$`))
  await expect(page.getByRole('heading', { name: 'Editar Rodapé' })).toBeVisible()
  for (const section of ['Geral', 'Relógio', 'Clima', 'Cotações', 'Preview']) await expect(page.getByText(section, { exact: true })).toBeVisible()

  // A schedule without footer opens with it off; switching it on shows the defaults.
  await expect(page.getByRole('switch', { name: 'Exibir rodapé' })).not.toBeChecked()
  // Switching it on shows the default footer: clock, weather and quotes on, never an empty bar.
  await page.getByRole('switch', { name: 'Exibir rodapé' }).click()
  for (const name of ['Exibir relógio', 'Exibir clima', 'Exibir cotações']) await expect(page.getByRole('switch', { name })).toBeChecked()
  await expect(page.getByLabel('Altura (px)')).toHaveValue('64')
  await expect(page.getByLabel('Cor de fundo', { exact: true })).toHaveValue('#dfdfdf')
  const coins = page.getByLabel('Moedas')
  await expect(coins).toContainText('USD ($)')
  await expect(coins).toContainText('EUR (€)')
  // At most 3 badges; the rest are counted.
  await coins.click()
  await page.getByRole('option', { name: 'GBP (£)' }).getByRole('checkbox').click()
  await page.getByRole('option', { name: 'JPY (¥)' }).getByRole('checkbox').click()
  await page.keyboard.press('Escape')
  await expect(coins).toContainText('+1')
  await expect(coins).not.toContainText('JPY')

  // Out of range: the spec's limits, in Portuguese.
  await page.getByLabel('Altura (px)').fill('200')
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('A altura deve estar entre 24 e 160')).toBeVisible()

  await page.getByLabel('Altura (px)').fill('96')
  await page.getByLabel('Cor de fundo', { exact: true }).fill('#123456')
  await page.getByRole('switch', { name: 'Exibir clima' }).click()
  const live = page.getByTestId('preview-footer')
  await expect(live).toHaveCSS('height', '96px')
  await expect(live).toHaveCSS('background-color', 'rgb(18, 52, 86)')
  await expect(live).not.toContainText('°C')
  await shot(page, 'footer-editor')
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Configurações salvas')).toBeVisible()

  const saved = await getSchedule(api, adminToken, franchise.slug, schedule.id)
  expect(saved.bottomBar).toMatchObject({ height: 96, bgColor: '#123456', fSize: 22, fWeight: 700, clock: { fSize: 40 } })
  expect(saved.bottomBar).not.toHaveProperty('weather')
  expect(saved.bottomBar?.quote?.coins.map((c) => c.asset)).toEqual(['USD', 'EUR', 'GBP', 'JPY'])

  // Reopened, the form shows what was saved.
  await page.reload()
  await expect(page.getByLabel('Altura (px)')).toHaveValue('96')
  await expect(page.getByLabel('Cor de fundo', { exact: true })).toHaveValue('#123456')
  await expect(page.getByRole('switch', { name: 'Exibir clima' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Exibir relógio' })).toBeChecked()

  // The schedule's preview draws the footer.
  await page.getByRole('link', { name: 'Voltar' }).click()
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = page.getByRole('dialog', { name: 'Prévia da programação' })
  const footer = preview.getByTestId('preview-footer')
  await expect(footer).toBeVisible()
  await expect(footer).toHaveCSS('background-color', 'rgb(18, 52, 86)')
  await shot(page, 'footer-in-preview')

  // Off and on again: the parts that were on come back (the weather stays off).
  await page.goto(`/bottombar/${schedule.id}`)
  await page.getByRole('switch', { name: 'Exibir rodapé' }).click()
  for (const name of ['Exibir relógio', 'Exibir clima', 'Exibir cotações']) await expect(page.getByRole('switch', { name })).not.toBeChecked()
  await page.getByRole('switch', { name: 'Exibir rodapé' }).click()
  await expect(page.getByRole('switch', { name: 'Exibir relógio' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Exibir cotações' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Exibir clima' })).not.toBeChecked()

  // Switching the whole footer off saves no footer at all.
  await page.getByRole('switch', { name: 'Exibir rodapé' }).click()
  await expect(page.getByRole('switch', { name: 'Exibir relógio' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Exibir cotações' })).not.toBeChecked()
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Configurações salvas')).toBeVisible()
  await expect.poll(async () => (await getSchedule(api, adminToken, franchise.slug, schedule.id)).bottomBar ?? null).toBeNull()
})

test('the footer previews show the server\'s weather and quotes, and mark as an example what it has not', async ({ page, api, adminToken }) => {
  const franchise = await api.createFranchise(adminToken, { name: `Rede Rodapé Valores ${Date.now().toString(36)}` })
  const image = await addMedia(api, adminToken, franchise.slug, { name: 'Vitrine Valores', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Rodapé Valores' }, adminToken)
  await saveEntries(api, adminToken, franchise.slug, schedule.id, [{ id: image.id, displayTime: 10 }])
  const bottomBar = {
    height: 64, bgColor: '#dfdfdf', color: '#000000', fSize: 22, fWeight: 700,
    clock: { color: '#000000', fSize: 40 },
    weather: { fontSize: 35 },
    quote: { coins: [{ asset: 'USD', symbol: '$' }, { asset: 'EUR', symbol: '€' }], style: { gap: 20, fontSize: 30, green: '#008800', red: '#aa0000' } },
  }
  await api.post(`/schedule/${franchise.slug}/${schedule.id}/config`, { bottomBar }, adminToken)
  await useSession(page, { token: adminToken, adminToken, franchise: franchise.slug })

  // The group has no city: the server has no weather for it, and the editor draws an example, marked as one.
  const answer = page.waitForResponse((r) => r.url().includes(`/api/footer/${franchise.slug}?`))
  await page.goto(`/bottombar/${schedule.id}`)
  const served = (await (await answer).json()) as { weather?: unknown; quotes?: { asset: string }[] }
  expect(served.weather).toBeUndefined()
  const live = page.getByTestId('preview-footer')
  await expect(live.getByTestId('preview-weather')).toHaveText('☀ 25°C')
  await expect(live.getByTestId('preview-weather')).toHaveCSS('font-style', 'italic')
  await expect(page.getByTestId('preview-footer-example')).toHaveText('Valores de exemplo: o servidor ainda não tem o clima ou a cotação real.')
  await shot(page, 'footer-editor-example-values')

  // With the server's values (its providers are out of reach in tests, so its answer is stood in for), they are drawn as the TVs draw them, unmarked.
  await page.route(/\/api\/footer\//, (route) =>
    route.fulfill({
      json: {
        weather: { city: 'Campinas', temperature: 18.6, min: 15, max: 24, code: 61, description: 'Chuva' },
        quotes: [
          { asset: 'USD', bid: 5.31, pctChange: 0.2 },
          { asset: 'EUR', bid: 6.02, pctChange: -0.4 },
        ],
      },
    }),
  )
  await page.reload()
  await expect(live.getByTestId('preview-weather')).toHaveText('☂ 19°C')
  await expect(live.getByTestId('preview-weather')).toHaveCSS('font-style', 'normal')
  await expect(live.getByTestId('preview-quotes')).toHaveText('USD R$ 5,31 ▲EUR R$ 6,02 ▼')
  await expect(live.getByText('EUR R$ 6,02 ▼')).toHaveCSS('color', 'rgb(170, 0, 0)')
  await expect(page.getByTestId('preview-footer-example')).toHaveCount(0)
  await shot(page, 'footer-editor-real-values')

  // The schedule's preview shows them too.
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const footer = page.getByRole('dialog', { name: 'Prévia da programação' }).getByTestId('preview-footer')
  await expect(footer).toContainText('☂ 19°C')
  await expect(footer).toContainText('USD R$ 5,31 ▲')
  await shot(page, 'preview-footer-real-values')
})

test('an operator without admin rights cannot open the footer editor', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('rodape'),
    password: strongPassword(),
    group: `Rede Sem Admin ${Date.now().toString(36)}`,
  })
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Sem Rodapé' }, token)

  await useSession(page, { token })
  await page.goto(`/bottombar/${schedule.id}`)
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}$`))
  await expect(page.getByRole('heading', { name: 'Programações > Sem Rodapé' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Editar rodapé' })).toHaveCount(0)
})

test('an administrator impersonating an operator may edit the footer', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('persona-rodape')
  const { franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Persona ${Date.now().toString(36)}` })
  const { token } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Persona Rodapé' }, token)

  await useSession(page, { token, adminToken, franchise: franchise.slug })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('link', { name: 'Editar rodapé' }).click()
  await expect(page).toHaveURL(new RegExp(`/bottombar/${schedule.id}$`))
  await expect(page.getByRole('heading', { name: 'Editar Rodapé' })).toBeVisible()
})

test('the guided action creates a schedule and offers adding media and linking TVs', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('guiado'),
    password: strongPassword(),
    group: `Rede Guiada ${Date.now().toString(36)}`,
  })
  await useSession(page, { token })
  await page.goto('/action/create-schedule')
  await expect(page.getByRole('heading', { name: 'Criar Programação' })).toBeVisible()
  await page.getByRole('button', { name: 'Criar' }).click()
  await expect(page.getByText('Campo obrigatório')).toBeVisible()
  await page.getByLabel('Nome da programação').fill('Guiada Manhã')
  await shot(page, 'create-schedule-action-form')
  await page.getByRole('button', { name: 'Criar' }).click()
  await expect(toast(page, 'Programação criada')).toBeVisible()

  const { id } = await scheduleNamed(api, token, franchise.slug, 'Guiada Manhã')
  await expect(page.getByRole('main').getByRole('link', { name: 'Adicionar Mídia à Programação' })).toHaveAttribute('href', `/schedule/${id}/media`)
  await expect(page.getByRole('link', { name: 'Vincular televisores' })).toHaveAttribute('href', `/schedule/${id}?action=displays`)
  await shot(page, 'create-schedule-action-done')
  await page.getByRole('link', { name: 'Vincular televisores' }).click()
  await expect(page.getByRole('heading', { name: 'Programações > Guiada Manhã' })).toBeVisible()
})

test('the period filter hides a night-only entry in the morning and pauses reordering', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('periodo'),
    password: strongPassword(),
    group: `Rede Período ${Date.now().toString(36)}`,
  })
  const image = (name: string, seed: number) =>
    addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(320, 180, { noise: true, seed }), contentType: 'image/png' })
  const night = await image('Só Noite', 11)
  const always = await image('Dia Todo', 12)
  const sunday = await image('Domingo Cedo', 13)
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Filtrada' }, token)
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: night.id, displayTime: 8, timeGap: ['19:00@23:00'] },
    { id: always.id, displayTime: 10 },
    { id: sunday.id, displayTime: 5, dok: 1, timeGap: ['07:00@09:00'] },
  ])

  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await expect(entryRows(page)).toHaveCount(3)

  await page.getByRole('combobox', { name: 'Período' }).click()
  await page.getByRole('option', { name: 'Manhã (06:00-11:59)' }).click()
  await expect(entryRows(page)).toHaveCount(2)
  await expect(entryRows(page).filter({ hasText: 'Só Noite' })).toHaveCount(0)
  await expect(page.getByText('Limpe os filtros para reordenar as mídias.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Mover / })).toHaveCount(0)

  await page.getByRole('combobox', { name: 'Dia da semana' }).click()
  await page.getByRole('option', { name: 'Segunda', exact: true }).click()
  await expect(entryRows(page)).toHaveCount(1)
  await expect(entryRows(page).nth(0)).toContainText('Dia Todo')
  await shot(page, 'schedule-filters')

  await page.getByRole('button', { name: 'Limpar' }).click()
  await expect(entryRows(page)).toHaveCount(3)
})
