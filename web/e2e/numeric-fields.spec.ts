// Every numeric field of the console keeps what was typed: '1.5', '-3',
// '1e2', 'abc' or a number out of range stays in the box, gets the field's
// message (tied to the box with aria-invalid and aria-describedby), and
// nothing is sent or saved — no digit filter turns '1.5' into 15 or '-3'
// into 3 behind the user's back.
import type { Locator, Page } from '@playwright/test'
import { test, expect, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { openInApp } from './harness/navigate.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { getSchedule, saveEntries } from './harness/schedule-api.ts'

type Case = { typed: string; message: string }

/** The writes the page sends to the API (anything but GET), from now on. */
function writes(page: Page) {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) sent.push(`${request.method()} ${request.url()}`)
  })
  return sent
}

/** The message tied to a field: the element its aria-describedby names. */
async function expectRefused(page: Page, field: Locator, { typed, message }: Case) {
  await expect(field, `'${typed}' stays as typed`).toHaveValue(typed)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
  expect(describedBy, `'${typed}': the message is tied to the field`).not.toBe('')
  const described = describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`))
  await expect.poll(async () => (await Promise.all(described.map((d) => d.textContent()))).join(' '), { message: `message for '${typed}'` }).toContain(message)
}

/** Types each case into the field, submits, and checks it is refused with its message. */
async function refuses(page: Page, field: Locator, submit: () => Promise<void>, cases: Case[]) {
  for (const c of cases) {
    await field.fill(c.typed)
    await submit()
    await expectRefused(page, field, c)
  }
}

const DISPLAY_TIME = 'O tempo de exibição deve ser um número inteiro de 1 a 86400 segundos.'
const LIMIT = 'O limite de inserções por hora deve ser um número inteiro de 0 a 3600 (0 = sem limite).'
const NUMBER = 'Campo deve ser um número válido'
const SLOT_QUANTITY = 'A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.'
const SLOT_DURATION = 'A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.'
const AD_WHOLE = 'A duração do anúncio deve ser um número inteiro de 1 a 3600 segundos.'
const AD_POSITIVE = 'Duração deve ser maior do que 0'
const DELAY = 'O atraso deve ficar entre 5 minutos e 7 dias.'

test('a schedule entry: display time and hourly limit, and the ad slot: quantity and duration', async ({ page, api, adminToken }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('numeros')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Números ${Date.now().toString(36)}` })
  // The ads center's permission: the schedule's page offers ad slots.
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const f = franchise.slug
  const image = await addMedia(api, token, f, { name: 'Vitrine Verão', type: 'image', bytes: png(64, 36, { seed: 5 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Principal')
  await saveEntries(api, token, f, schedule.id, [{ id: image.id, displayTime: 5 }])
  const before = await getSchedule(api, token, f, schedule.id)
  await useSession(page, { token, franchise: f })

  await page.goto(`/schedule/${schedule.id}/media/${image.id}/0`)
  const save = page.getByRole('button', { name: 'Atualizar Mídia' })
  const displayTime = page.getByLabel('Tempo de Exibição da Mídia (em seg.)')
  await expect(displayTime).toHaveValue('5')
  const sent = writes(page)
  await refuses(page, displayTime, () => save.click(), [
    { typed: '1.5', message: DISPLAY_TIME },
    { typed: '-3', message: 'Deve ser maior que 0' },
    { typed: '1e2', message: DISPLAY_TIME },
    { typed: 'abc', message: DISPLAY_TIME },
    { typed: '86401', message: DISPLAY_TIME },
  ])
  await displayTime.fill('5')
  await page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' }).check()
  const limit = page.getByLabel('Limitar inserções (por hora):')
  await refuses(page, limit, () => save.click(), [
    { typed: '1.5', message: LIMIT },
    { typed: '-3', message: LIMIT },
    { typed: '1e2', message: LIMIT },
    { typed: 'abc', message: LIMIT },
    { typed: '3601', message: LIMIT },
  ])
  await expect(displayTime).not.toHaveAttribute('aria-invalid')
  expect(sent).toEqual([])
  expect((await getSchedule(api, token, f, schedule.id)).media).toEqual(before.media)

  // The ad slot dialog of the schedule's page.
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('button', { name: 'Adicionar vaga para anúncios' }).click()
  const slot = page.getByRole('dialog', { name: 'Adicionar vaga para anúncios' })
  const add = () => slot.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await refuses(page, slot.getByLabel('Quantidade'), add, [
    { typed: '1.5', message: SLOT_QUANTITY },
    { typed: '-3', message: SLOT_QUANTITY },
    { typed: '1e2', message: NUMBER },
    { typed: 'abc', message: NUMBER },
    { typed: '101', message: SLOT_QUANTITY },
  ])
  await slot.getByLabel('Quantidade').fill('2')
  await refuses(page, slot.getByLabel('Duração (em seg.)'), add, [
    { typed: '1.5', message: SLOT_DURATION },
    { typed: '-3', message: SLOT_DURATION },
    { typed: '1e2', message: NUMBER },
    { typed: 'abc', message: NUMBER },
    { typed: '3601', message: SLOT_DURATION },
  ])
  await expect(slot).toBeVisible()
  expect(sent).toEqual([])
  expect((await getSchedule(api, token, f, schedule.id)).media).toEqual(before.media)
})

test("an advertisement's duration, new and edited", async ({ page, api, adminToken }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('numeros')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Números ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: 'Loja Centro' })
  const display = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada' })
  const image = await addMedia(api, token, f, { name: 'Vitrine Verão', type: 'image', bytes: png(64, 36, { seed: 6 }), contentType: 'image/png' })
  // An ad books TVs that play a schedule with an ad slot.
  const schedule = await createSchedule(api, token, f, 'Vitrine Principal')
  await saveEntries(api, token, f, schedule.id, [
    { id: image.id, displayTime: 5 },
    { id: 'vaga-1', isAd: true, adSlots: 2, adTime: 5 },
  ])
  await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  const { advertise } = await api.post<{ advertise: { id: string } }>(
    `/advertise/${f}`,
    { name: 'Anúncio Praça', displayTime: 5, startAt: Date.now(), endsAt: Date.now() + 86_400_000, displays: [{ displayId: display.id }], media: [{ id: image.id, displayTime: 5 }] },
    token,
  )
  const ad = async () => (await api.get<{ advertise: { name: string; displayTime: number } }>(`/advertise/${f}/${advertise.id}`, token)).advertise
  await useSession(page, { token, franchise: f })
  const cases = [
    { typed: '1.5', message: AD_WHOLE },
    { typed: '-3', message: AD_POSITIVE },
    { typed: '1e2', message: AD_WHOLE },
    { typed: 'abc', message: AD_WHOLE },
    { typed: '3601', message: AD_WHOLE },
  ]

  await page.goto('/ads-center')
  await page.getByRole('button', { name: 'New Ad' }).click()
  const newAd = page.getByRole('dialog', { name: 'Novo Anúncio' })
  await newAd.getByLabel('Nome do anúncio').fill('Promoção')
  const sent = writes(page)
  await refuses(page, newAd.getByLabel('Duração (em seg.)'), () => newAd.getByRole('button', { name: 'Continuar' }).click(), cases)
  await expect(page).toHaveURL(/\/ads-center$/)
  await page.keyboard.press('Escape')

  await openInApp(page, `/ads-center/${advertise.id}`)
  await page.getByRole('button', { name: 'Editar anúncio' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Anúncio' })
  await refuses(page, edit.getByLabel('Tempo de exibição (em seg.)'), () => edit.getByRole('button', { name: 'Salvar' }).click(), cases)
  await expect(edit).toBeVisible()
  expect(sent).toEqual([])
  expect(await ad()).toMatchObject({ name: 'Anúncio Praça', displayTime: 5 })
})

test("the footer's sizes and the alerts' delay", async ({ page, api, adminToken }) => {
  test.setTimeout(120_000)
  const franchise = await api.createFranchise(adminToken, { name: `Rede Números ${Date.now().toString(36)}` })
  const f = franchise.slug
  const image = await addMedia(api, adminToken, f, { name: 'Vitrine Verão', type: 'image', bytes: png(64, 36, { seed: 7 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, adminToken, f, 'Com Rodapé')
  await saveEntries(api, adminToken, f, schedule.id, [{ id: image.id, displayTime: 10 }])
  await useSession(page, { token: adminToken, adminToken, franchise: f })

  await page.goto(`/bottombar/${schedule.id}`)
  await page.getByRole('switch', { name: 'Exibir rodapé' }).click()
  await expect(page.getByLabel('Altura (px)')).toHaveValue('64')
  const save = () => page.getByRole('button', { name: 'Salvar' }).click()
  const height = 'A altura deve estar entre 24 e 160'
  const size = 'O valor deve estar entre 16 e 160'
  const weight = 'O peso da fonte deve ser de 100 a 900, de 100 em 100'
  const fields = [
    { label: 'Altura (px)', range: height, over: '161' },
    { label: 'Tamanho da fonte (px)', range: size, over: '161' },
    { label: 'Peso da fonte', range: weight, over: '1000' },
    { label: 'Tamanho do relógio (px)', range: size, over: '161' },
    { label: 'Tamanho da fonte do clima (px)', range: size, over: '161' },
    { label: 'Espaçamento (px)', range: size, over: '161' },
    { label: 'Tamanho da fonte das cotações (px)', range: size, over: '161' },
  ]
  const sent = writes(page)
  for (const field of fields) {
    const box = page.getByLabel(field.label, { exact: true })
    const kept = await box.inputValue()
    await refuses(page, box, save, [
      { typed: '1.5', message: NUMBER },
      { typed: '-3', message: field.range },
      { typed: '1e2', message: NUMBER },
      { typed: 'abc', message: NUMBER },
      { typed: field.over, message: field.range },
    ])
    await box.fill(kept)
  }
  expect(sent).toEqual([])
  expect((await getSchedule(api, adminToken, f, schedule.id)).bottomBar ?? null).toBeNull()

  await openInApp(page, '/alerts')
  const form = page.getByRole('form', { name: 'Configurações de alerta' })
  const before = (await api.get<{ settings: unknown }>(`/alerts/${f}`, adminToken)).settings
  await refuses(page, form.getByLabel('Quantidade'), () => form.getByRole('button', { name: 'Salvar' }).click(), [
    { typed: '1.5', message: DELAY },
    { typed: '-3', message: DELAY },
    { typed: '1e2', message: DELAY },
    { typed: 'abc', message: DELAY },
    { typed: '20000', message: DELAY },
  ])
  expect(sent).toEqual([])
  expect((await api.get<{ settings: unknown }>(`/alerts/${f}`, adminToken)).settings).toEqual(before)
})
