// The ads center end to end (spec 2 "Ads center", DESIGN.md "Ad slots"): an
// operator with the permission sells the position of a TV's ad slot over a
// range of days on the calendar, gives the advertisement its media with the
// schedule's form, sees those days turn 'Indisponível', and the paired TV
// box plays the advertisement in its slot and reports the plays, which the
// editor counts.
import { test, expect, shot, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { minioBinary, NO_MINIO } from './harness/minio.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

/** yyyyMMdd of the day `ahead` days from today in São Paulo (the franchise's zone). */
function dayKey(ahead: number) {
  const d = new Date(Date.now() + ahead * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d).replaceAll('-', '')
}

// The TV box fetches the files from where the media live: this server's
// /files, or the bucket's own address with S3 storage.
for (const storage of ['local', 's3'] as const) {
  test.describe(`${storage} storage`, () => {
    test.use({ storage })
    test.skip(storage === 's3' && !minioBinary(), NO_MINIO)

    test('an advertisement sold on the calendar plays in its slot on the TV and its plays are counted', async ({ page, browser, api, adminToken, baseURL }) => {
      const email = uniqueEmail('anuncios')
      const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Anúncios ${Date.now().toString(36)}` })
      // An administrator grants the ads center.
      await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
      const store = await createStore(api, token, franchise.slug, { name: 'Loja Praça' })
      const image = (name: string, seed: number) =>
        addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(640, 360, { noise: true, seed }), contentType: 'image/png' })
      const content = await image('Conteúdo da Loja', 11)
      await image('Anúncio Verão', 12)
      const schedule = await createSchedule(api, token, franchise.slug, 'Vitrine com Vaga')
      // One position of 4 s after 3 s of the store's own content; nothing plays in it unless sold.
      await saveEntries(api, token, franchise.slug, schedule.id, [
        { id: content.id, displayTime: 3 },
        { id: 'vaga-1', isAd: true, adSlots: 1, adTime: 4 },
      ])

      // --- A TV box paired with a TV that plays the schedule.
      const tv = await openPlayer(browser, baseURL!)
      const device = (await tv.locator('.pairing-code').textContent())!
      expect(device).toMatch(/^[A-Z0-9]{6}$/)
      await api.post(`/display/${franchise.slug}/${store.slug}`, { name: 'TV Entrada', device, scheduleId: schedule.id, detail: '', orientation: 0, contentOrientation: 0 }, token)
      await expect(onScreen(tv)).toHaveAttribute('data-media', 'Conteúdo da Loja', { timeout: 5_000 })

      // --- 'New Ad': name and duration, then the calendar.
      await useSession(page, { token })
      await page.goto('/ads-center')
      await expect(page.getByText('Nenhum anúncio cadastrado.')).toBeVisible()
      await page.getByRole('button', { name: 'New Ad' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Nome do anúncio').fill('Verão na Praça')
      await dialog.getByLabel('Duração (em seg.)').fill('4')
      await dialog.getByRole('button', { name: 'Continuar' }).click()
      await expect(page).toHaveURL(/\/ads-center\/new\?/)
      const grid = page.getByRole('grid', { name: 'Disponibilidade das telas por dia' })
      const cell = (ahead: number) => grid.locator(`button[data-day="${dayKey(ahead)}"]`)
      await expect(cell(0)).toHaveText('Disponível')
      await expect(cell(0)).toHaveAccessibleName(/^TV Entrada, .*: Disponível$/)

      // From today to the day after tomorrow on that screen.
      await cell(0).click()
      await cell(2).click()
      const panel = page.getByLabel('Seleção')
      await expect(panel).toContainText('TV Entrada')
      await expect(panel).toContainText('3 dias selecionados.')
      if (storage === 'local') await shot(page, 'ads-center-calendar-selection')
      await panel.getByRole('button', { name: 'Continuar' }).click()
      await expect(toast(page, 'Anúncio criado')).toBeVisible()
      await expect(page).toHaveURL(/\/ads-center\/[^/]+$/)
      const adUrl = new URL(page.url()).pathname
      await expect(page.getByText('Nenhuma mídia em exibição.')).toBeVisible()

      // --- Its media, with the schedule's form.
      await page.getByRole('link', { name: 'Adicionar Mídia' }).click()
      await expect(page).toHaveURL(new RegExp(`${adUrl}/media$`))
      await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
      const picker = page.getByRole('dialog', { name: 'Selecionar Mídia' })
      await picker.getByRole('button', { name: 'Anúncio Verão' }).click()
      await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()
      await expect(page.getByRole('list', { name: 'Mídias selecionadas' })).toHaveText(/Anúncio Verão/)
      await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
      await expect(page).toHaveURL(new RegExp(`${adUrl}$`))
      await expect(page.getByRole('row').filter({ hasText: 'Anúncio Verão' })).toBeVisible()
      if (storage === 'local') await shot(page, 'ads-center-editor')

      // --- The slot's only position is sold on those days: the calendar says so.
      await page.goto('/ads-center/new?name=Outro&duration=4')
      await expect(cell(0)).toHaveText('Indisponível')
      await expect(cell(0)).toBeDisabled()
      await expect(cell(2)).toHaveText('Indisponível')
      await expect(cell(3)).toHaveText('Disponível')

      // --- The TV plays it in its slot, between the store's content.
      await expect(onScreen(tv)).toHaveAttribute('data-media', 'Anúncio Verão')
      await shot(tv, `player-advertisement-${storage}`)
      await expect(onScreen(tv)).toHaveAttribute('data-media', 'Conteúdo da Loja', { timeout: 6_000 })

      // --- Proof of play: the box reports its plays, and the editor counts them.
      await page.goto(adUrl)
      const plays = page.getByRole('table', { name: 'Exibições por dia e tela' })
      await expect(async () => {
        await page.reload()
        await expect(plays.getByRole('row').filter({ hasText: 'TV Entrada' })).toBeVisible({ timeout: 2_000 })
      }).toPass({ timeout: 40_000, intervals: [2_000] })
      const row = plays.getByRole('row').filter({ hasText: 'TV Entrada' }).first()
      const count = Number((await row.getByRole('cell').nth(2).textContent())?.trim())
      expect(count).toBeGreaterThanOrEqual(1)
      if (storage === 'local') await shot(page, 'ads-center-plays')

      // --- A TV with positions sold keeps its schedule until the advertisement goes.
      await page.goto('/dashboard')
      const { displayList } = await api.get<{ displayList: { id: string }[] }>(`/display/${franchise.slug}/${store.slug}`, token)
      await expect(api.post(`/display/${franchise.slug}/${store.slug}/${displayList[0].id}`, { scheduleId: '' }, token)).rejects.toThrow(/Verão na Praça/)
      await tv.context().close()
    })
  })
}

test('the calendar tells two stores\' "Caixa 1" apart, stops a period at the first unavailable day, and "Editar anúncio" opens with the ad as it is', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('calendario')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Calendário ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const content = await addMedia(api, token, franchise.slug, { name: 'Conteúdo', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, franchise.slug, 'Caixas com Vaga')
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: content.id, displayTime: 5 },
    { id: 'vaga-caixa', isAd: true, adSlots: 1, adTime: 5 },
  ])
  const centro = await createStore(api, token, franchise.slug, { name: 'Loja Centro' })
  const praca = await createStore(api, token, franchise.slug, { name: 'Loja Praça' })
  const caixa = async (store: { slug: string }) => {
    const tv = await createDisplay(api, token, franchise.slug, store.slug, { name: 'Caixa 1' })
    await api.post(`/display/${franchise.slug}/${store.slug}/${tv.id}`, { scheduleId: schedule.id }, token)
    return tv
  }
  const centroTv = await caixa(centro)
  await caixa(praca)
  // The only position of Loja Centro's 'Caixa 1' is sold on the day after tomorrow.
  const noon = (ahead: number) => {
    const key = dayKey(ahead)
    return Date.parse(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T12:00:00-03:00`)
  }
  await api.post(
    `/advertise/${franchise.slug}`,
    {
      name: 'Já vendido',
      displayTime: 5,
      startAt: noon(2),
      endsAt: noon(2) + 3_600_000,
      displays: [{ displayId: centroTv.id, slotId: 'vaga-caixa', scheduleId: schedule.id, storeSlug: centro.slug }],
    },
    token,
  )

  await useSession(page, { token })
  await page.goto('/ads-center/new?name=Promo%20Caixa&duration=5')
  const grid = page.getByRole('grid', { name: 'Disponibilidade das telas por dia' })
  const rows = grid.getByRole('rowheader')
  await expect(rows).toHaveText(['Caixa 1Loja Centro', 'Caixa 1Loja Praça'])
  const cell = (store: string, ahead: number) => grid.locator(`button[data-day="${dayKey(ahead)}"][aria-label^="Caixa 1, ${store},"]`)
  await expect(cell('Loja Centro', 2)).toHaveText('Indisponível')
  await expect(cell('Loja Praça', 2)).toHaveText('Disponível')

  // From today towards day 5 on Loja Centro: the period stops the day before the sold day.
  await cell('Loja Centro', 0).click()
  await cell('Loja Centro', 5).click()
  const panel = page.getByLabel('Seleção')
  const text = (ahead: number) => {
    const key = dayKey(ahead)
    return `${key.slice(6, 8)}/${key.slice(4, 6)}/${key.slice(0, 4)}`
  }
  await expect(panel).toContainText(`De:${text(0)}`)
  await expect(panel).toContainText(`Até:${text(1)}`)
  await expect(panel).toContainText('Caixa 1Loja Centro')
  await expect(panel.getByRole('status')).toHaveText(`O período para em ${text(1)}: ${text(2)} está indisponível nesta tela.`)
  await expect(cell('Loja Centro', 1)).toHaveAttribute('data-part', 'end')
  await expect(cell('Loja Centro', 3)).not.toHaveAttribute('data-part')
  await shot(page, 'ads-center-calendar-stop')
  await panel.getByRole('button', { name: 'Continuar' }).click()
  await expect(toast(page, 'Anúncio criado')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Editando Anúncio > Promo Caixa' })).toBeVisible()

  // --- 'Editar anúncio' opens with the current name and time.
  await page.getByRole('button', { name: 'Editar anúncio' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar Anúncio' })
  await expect(dialog.getByLabel('Nome do anúncio')).toHaveValue('Promo Caixa')
  await expect(dialog.getByLabel('Tempo de exibição (em seg.)')).toHaveValue('5')
  await shot(page, 'ads-center-edit-dialog')
  await dialog.getByLabel('Tempo de exibição (em seg.)').fill('4')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Anúncio atualizado')).toBeVisible()
  await expect(page.getByText('4s por exibição')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Editando Anúncio > Promo Caixa' })).toBeVisible()
  await page.getByRole('button', { name: 'Editar anúncio' }).click()
  await expect(dialog.getByLabel('Tempo de exibição (em seg.)')).toHaveValue('4')
})
