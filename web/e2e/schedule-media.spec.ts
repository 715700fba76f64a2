// Adding and editing media in a schedule (/schedule/{id}/media and
// /schedule/{id}/media/{mediaId}/{index}), the media picker, and the guided
// action /action/add-media-to-schedule (spec 2 §2, §4, §5).
import type { Page } from '@playwright/test'
import { test, expect, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, mp4, png } from './harness/media-api.ts'
import { createStore, operatorWithGroup, uniqueDevice } from './harness/overview-api.ts'
import { getSchedule, type Schedule } from './harness/schedule-api.ts'

const entryRows = (page: Page) => page.getByRole('table', { name: 'Mídias da programação' }).getByRole('row').filter({ has: page.getByRole('cell') })

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro']
const pad = (n: number) => String(n).padStart(2, '0')

/** A calendar month `ahead` months after the current one in São Paulo (the browser's zone), as the date picker names it. */
function monthAhead(ahead: number) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number)
  const index = month - 1 + ahead
  const y = year + Math.floor(index / 12)
  const m = index % 12
  return {
    /** The grid's name: 'janeiro 2030'. */
    caption: `${MONTHS[m]} ${y}`,
    /** 'd MMMM yyyy', as the trigger shows a day of it. */
    label: (d: number) => `${d} ${MONTHS[m]} ${y}`,
    /** 'yyyy-MM-dd' of a day of it. */
    iso: (d: number) => `${y}-${pad(m + 1)}-${pad(d)}`,
  }
}

/** A day of the open date picker, by its month and day (its button reads 'sexta-feira, 25 de janeiro de 2030'). */
function calendarDay(page: Page, month: ReturnType<typeof monthAhead>, d: number) {
  const [name, year] = month.caption.split(' ')
  return page.getByRole('grid', { name: month.caption }).getByRole('button', { name: new RegExp(`, ${d} de ${name} de ${year}(, selecionado)?$`) })
}

/** Midnight of a day 'yyyy-MM-dd' in São Paulo (UTC-3). */
const spMidnight = (day: string) => Date.parse(`${day}T00:00:00-03:00`)

/** An operator with two images (one in the folder Campanhas), a video and an empty schedule. */
async function setup(api: Parameters<typeof operatorWithGroup>[0], adminToken: string) {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('midias-programacao'),
    password: strongPassword(),
    group: `Rede Mídia ${Date.now().toString(36)}`,
  })
  const night = await addMedia(api, token, franchise.slug, { name: 'Imagem Noite', type: 'image', bytes: png(320, 180, { noise: true, seed: 1 }), contentType: 'image/png' })
  const day = await addMedia(api, token, franchise.slug, {
    name: 'Imagem Dia',
    type: 'image',
    bytes: png(320, 180, { noise: true, seed: 2 }),
    contentType: 'image/png',
    folder: 'Campanhas',
  })
  const video = await addMedia(api, token, franchise.slug, { name: 'Vídeo Promo', type: 'video', bytes: mp4({ seconds: 2 }), contentType: 'video/mp4' })
  const { schedule } = await api.post<{ schedule: Schedule }>(`/schedule/${franchise.slug}`, { name: 'Vitrine Centro' }, token)
  return { token, franchise, night, day, video, schedule }
}

test('an operator adds media to a schedule through the form, several images at once, and edits an entry', async ({ page, api, adminToken }) => {
  const { token, franchise, night, day, video, schedule } = await setup(api, adminToken)
  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('link', { name: 'Adicionar Mídia à Programação' }).click()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}/media$`))
  await expect(page.getByRole('heading', { name: 'Programações > Adicionar Mídia à Programação' })).toBeVisible()

  // Nothing chosen: the time and the advanced options are off, and submitting asks for a media.
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toBeDisabled()
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toHaveAttribute('placeholder', 'Ex.: 15')
  await expect(page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' })).toBeDisabled()
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page.getByText('Selecione pelo menos uma mídia')).toBeVisible()

  // --- The picker: folders first, then media, in name order; 'ver' opens the file.
  await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
  const picker = page.getByRole('dialog', { name: 'Selecionar Mídia' })
  await expect(picker.getByText('Selecione uma mídia para continuar')).toBeVisible()
  const list = picker.getByRole('list', { name: 'Mídias e pastas' })
  await expect(list.getByRole('listitem')).toHaveText([/Campanhas/, /Imagem Noite/, /Vídeo Promo/])
  await expect(picker.getByRole('link', { name: 'ver Vídeo Promo' })).toHaveAttribute('href', video.url)
  await expect(picker.getByRole('link', { name: 'ver Vídeo Promo' })).toHaveAttribute('target', '_blank')
  await picker.getByPlaceholder('Filtrar mídias/pastas').fill('video')
  await expect(list.getByRole('listitem')).toHaveText([/Vídeo Promo/])
  await picker.getByRole('button', { name: 'Vídeo Promo' }).click()
  await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()
  await expect(picker).toBeHidden()

  // A video fills its time and shows the volume slider.
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('2')
  await page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' }).check()
  await expect(page.getByText('Volume de Exibição:')).toBeVisible()
  await page.getByRole('button', { name: 'Remover Vídeo Promo' }).click()

  // --- One image, in a folder walk: Campanhas, back with 'Pasta anterior', then Imagem Noite.
  await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
  await picker.getByRole('button', { name: 'Campanhas' }).click()
  await expect(picker.getByRole('navigation', { name: 'Pastas' })).toContainText('Mídias/Campanhas')
  await expect(list.getByRole('listitem')).toHaveText([/Pasta anterior/, /Imagem Dia/])
  await picker.getByRole('button', { name: 'Pasta anterior' }).click()
  await picker.getByRole('button', { name: 'Imagem Noite' }).click()
  await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Mídias selecionadas' })).toHaveText(/Imagem Noite/)
  await expect(page.getByText('Volume de Exibição:')).toHaveCount(0)

  // An image has no time of its own: the field asks for one.
  const timeBounds = 'Deve ser maior que 0'
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page.getByText(timeBounds)).toBeVisible()
  // What is typed stays as typed: '8a' is refused with the rule's words, never read as 8.
  const wholeSeconds = 'O tempo de exibição deve ser um número inteiro de 1 a 86400 segundos.'
  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('8a')
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('8a')
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page.getByText(wholeSeconds)).toBeVisible()
  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('8')
  await expect(page.getByText(timeBounds)).toHaveCount(0)
  await expect(page.getByText(wholeSeconds)).toHaveCount(0)

  // Advanced: not on Sundays, from the 25th of next month to the 5th of the month after, at night, 3 per hour.
  await page.getByRole('button', { name: 'Domingo' }).click()
  await expect(page.getByRole('button', { name: 'Domingo' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('Exibe no dia', { exact: true })).toBeVisible()
  await expect(page.getByText('Não exibe no dia')).toBeVisible()
  const [thisMonth, first, last] = [monthAhead(0), monthAhead(1), monthAhead(2)]
  const periodText = `${first.label(25)} - ${last.label(5)}`
  const period = page.getByRole('button', { name: 'Período de exibição' })
  await expect(period).toHaveText('Selecione uma data')
  await period.click()
  // Range mode: two months side by side, from the current one, in pt-BR.
  await expect(page.getByRole('grid')).toHaveCount(2)
  await expect(page.getByRole('grid').first()).toHaveAccessibleName(thisMonth.caption)
  await expect(page.getByRole('grid').last()).toHaveAccessibleName(first.caption)
  await page.getByRole('button', { name: 'Ir para o próximo mês' }).click()
  await expect(page.getByRole('grid').last()).toHaveAccessibleName(last.caption)
  await calendarDay(page, first, 25).click()
  await expect(period).toHaveText(first.label(25))
  await calendarDay(page, last, 5).click()
  // The last day closes the calendar; opened again, it shows the range over both months.
  await expect(page.getByRole('grid')).toHaveCount(0)
  await expect(period).toHaveText(periodText)
  await period.click()
  await expect(page.getByRole('grid').first()).toHaveAccessibleName(first.caption)
  await expect(calendarDay(page, first, 25)).toHaveAttribute('data-range-start', 'true')
  await expect(calendarDay(page, first, 28)).toHaveAttribute('data-range-middle', 'true')
  await expect(calendarDay(page, last, 5)).toHaveAttribute('data-range-end', 'true')
  await shot(page, 'schedule-media-calendar-range')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('grid')).toHaveCount(0)
  const addRange = page.getByRole('button', { name: 'Adicionar Faixa de Horário' })
  await expect(addRange).toBeDisabled()
  await page.getByLabel('Horário inicial').fill('22:00')
  await expect(addRange).toBeDisabled()
  await page.getByLabel('Horário final').fill('05:00')
  await addRange.click()
  await expect(page.getByRole('list', { name: 'Faixas de horário' })).toHaveText('22:00 às 05:00')
  await expect(page.getByLabel('Horário inicial')).toHaveValue('')
  await page.getByLabel('Limitar inserções (por hora):').fill('3')
  await shot(page, 'schedule-media-form')

  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}$`))
  await expect(entryRows(page)).toHaveCount(1)
  await expect(entryRows(page).nth(0)).toContainText('22:00 às 05:00')
  let saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media[0]).toMatchObject({
    id: night.id,
    displayTime: 8,
    dok: 126,
    timeGap: ['22:00@05:00'],
    limitByHour: 3,
    volume: 0,
    startDate: spMidnight(first.iso(25)),
    endDate: spMidnight(last.iso(6)) - 1,
  })

  // --- Two images at once with 'Múltiplas imagens': only images listed, both first in the list.
  await page.getByRole('link', { name: 'Adicionar Mídia à Programação' }).click()
  await page.getByRole('checkbox', { name: 'Múltiplas imagens' }).check()
  await expect(page.getByText('Somente imagens podem ser escolhidas')).toBeVisible()
  await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
  await expect(list.getByRole('listitem')).toHaveText([/Campanhas/, /Imagem Noite/])
  await picker.getByRole('button', { name: 'Imagem Noite' }).click()
  await picker.getByRole('button', { name: 'Campanhas' }).click()
  await picker.getByRole('button', { name: 'Imagem Dia' }).click()
  await expect(picker.getByRole('button', { name: 'Selecionar (2)' })).toBeVisible()
  await shot(page, 'schedule-media-picker')
  await picker.getByRole('button', { name: 'Selecionar (2)' }).click()
  await expect(page.getByRole('list', { name: 'Mídias selecionadas' }).getByRole('listitem')).toHaveCount(2)
  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('12')
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}$`))
  await expect(entryRows(page)).toHaveCount(3)
  await expect(entryRows(page).nth(0)).toContainText('Imagem Noite')
  await expect(entryRows(page).nth(0)).toContainText('12s')
  await expect(entryRows(page).nth(1)).toContainText('Imagem Dia')
  await expect(entryRows(page).nth(2)).toContainText('22:00 às 05:00')

  // --- Edit the night entry (now third): every field comes back, the save replaces it in place.
  await entryRows(page).nth(2).getByRole('link', { name: 'Editar Imagem Noite' }).click()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}/media/${night.id}/2$`))
  await expect(page.getByRole('button', { name: 'Atualizar Mídia' })).toBeVisible()
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('8')
  await expect(page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Domingo' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('button', { name: 'Período de exibição' })).toHaveText(periodText)
  await expect(page.getByRole('list', { name: 'Faixas de horário' })).toHaveText('22:00 às 05:00')
  await expect(page.getByLabel('Limitar inserções (por hora):')).toHaveValue('3')
  await shot(page, 'schedule-media-edit')
  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('9')
  await page.getByRole('button', { name: 'Atualizar Mídia' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}$`))
  await expect(entryRows(page)).toHaveCount(3)
  await expect(entryRows(page).nth(2)).toContainText('9s')
  saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media.map((m) => m.id)).toEqual([night.id, day.id, night.id])
  expect(saved.media[2]).toMatchObject({ displayTime: 9, dok: 126, limitByHour: 3, timeGap: ['22:00@05:00'] })

  // --- Preview opens on the first media: at 23:00 on a weekday of the period (not a Sunday).
  const previewDay = [26, 27].find((d) => new Date(`${first.iso(d)}T12:00:00Z`).getUTCDay() !== 0) ?? 26
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = page.getByRole('dialog', { name: 'Prévia da programação' })
  await preview.getByLabel('Data e hora da prévia').fill(`${first.iso(previewDay)}T23:00`)
  await expect(preview.getByRole('region', { name: 'Tela da prévia' }).getByRole('img', { name: 'Imagem Noite' })).toBeVisible()
})

test('the guided action asks for a schedule, then adds the media to it', async ({ page, api, adminToken }) => {
  const { token, franchise, video, schedule } = await setup(api, adminToken)
  await useSession(page, { token })
  await page.goto('/action/add-media-to-schedule')
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page.getByText('Selecione uma programação').last()).toBeVisible()
  await expect(page.getByText('Selecione pelo menos uma mídia')).toBeVisible()

  await page.getByRole('combobox', { name: 'Programação' }).click()
  await page.getByRole('option', { name: 'Vitrine Centro' }).click()
  await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
  const picker = page.getByRole('dialog', { name: 'Selecionar Mídia' })
  await picker.getByRole('button', { name: 'Vídeo Promo' }).click()
  await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('2')
  await page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' }).check()
  await page.getByRole('slider', { name: 'Volume de Exibição:' }).fill('0.7')
  await expect(page.getByText('70%')).toBeVisible()

  // 'Sem data para acabar': one month, one day (the 10th of next month), saved with no end.
  const next = monthAhead(1)
  await page.getByRole('checkbox', { name: 'Sem data para acabar' }).check()
  const start = page.getByRole('button', { name: 'Data de início' })
  await expect(start).toHaveText('Selecione uma data')
  await start.click()
  await expect(page.getByRole('grid')).toHaveCount(1)
  await expect(page.getByRole('grid')).toHaveAccessibleName(monthAhead(0).caption)
  await page.getByRole('button', { name: 'Ir para o próximo mês' }).click()
  await calendarDay(page, next, 10).click()
  await expect(page.getByRole('grid')).toHaveCount(0)
  await expect(start).toHaveText(next.label(10))
  await start.click()
  await expect(calendarDay(page, next, 10)).toHaveAttribute('data-selected-single', 'true')
  await shot(page, 'schedule-media-calendar-single')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/schedule/${schedule.id}$`))
  await expect(entryRows(page).nth(0)).toContainText('Vídeo Promo')
  const saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media[0]).toMatchObject({ id: video.id, displayTime: 2, volume: 0.7, startDate: spMidnight(next.iso(10)) })
  const noEnd = new Date(spMidnight(next.iso(10)))
  noEnd.setUTCFullYear(noEnd.getUTCFullYear() + 1000)
  expect(saved.media[0].endDate).toBe(noEnd.getTime())
  const [y, m] = next.iso(10).split('-')
  await expect(entryRows(page).nth(0)).toContainText(`10/${m}/${y} - SEMPRE`)
})

test('the form refuses rules that would save and then play wrong, with the server\'s words', async ({ page, api, adminToken }) => {
  const { token, franchise, night, schedule } = await setup(api, adminToken)
  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}/media`)
  await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
  const picker = page.getByRole('dialog', { name: 'Selecionar Mídia' })
  await picker.getByRole('button', { name: 'Imagem Noite' }).click()
  await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()

  // A display time far too long names its bounds.
  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('123456789012')
  await page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' }).check()

  // Ranges: one that starts where it ends is not added; the others go in the order of the day; an overlap is not added.
  const start = page.getByLabel('Horário inicial')
  const end = page.getByLabel('Horário final')
  const addRange = page.getByRole('button', { name: 'Adicionar Faixa de Horário' })
  const ranges = page.getByRole('list', { name: 'Faixas de horário' })
  await start.fill('15:00')
  await end.fill('15:00')
  await addRange.click()
  await expect(page.getByText('A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário. Escolha um horário final diferente do inicial; para exibir o dia todo, não adicione faixas.')).toBeVisible()
  await expect(ranges).toHaveCount(0)
  await end.fill('16:00')
  await addRange.click()
  await start.fill('08:00')
  await end.fill('09:00')
  await addRange.click()
  await expect(ranges.getByRole('listitem')).toHaveText(['08:00 às 09:00', '15:00 às 16:00'])
  await start.fill('15:30')
  await end.fill('17:00')
  await addRange.click()
  await expect(page.getByText('As faixas de horário 15:00 às 16:00 e 15:30 às 17:00 se sobrepõem. Ajuste os horários ou use uma só faixa.')).toBeVisible()
  await expect(ranges.getByRole('listitem')).toHaveCount(2)

  // No weekday at all: refused on submit, as the server would.
  for (const day of ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado']) await page.getByRole('button', { name: day }).click()
  await page.getByLabel('Limitar inserções (por hora):').fill('4000')
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page.getByText('O tempo de exibição deve ser um número inteiro de 1 a 86400 segundos.')).toBeVisible()
  await expect(page.getByText('Selecione pelo menos um dia da semana.')).toBeVisible()
  await expect(page.getByText('O limite de inserções por hora deve ser um número inteiro de 0 a 3600 (0 = sem limite).')).toBeVisible()
  await shot(page, 'schedule-media-rules-refused')
  expect((await getSchedule(api, token, franchise.slug, schedule.id)).media).toHaveLength(0)

  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('10')
  await page.getByRole('button', { name: 'Segunda' }).click()
  await page.getByLabel('Limitar inserções (por hora):').fill('6')
  await expect(page.getByText('Selecione pelo menos um dia da semana.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(entryRows(page).first()).toContainText('08:00 às 09:00, 15:00 às 16:00')
  const saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media[0]).toMatchObject({ id: night.id, displayTime: 10, dok: 2, limitByHour: 6, timeGap: ['08:00@09:00', '15:00@16:00'] })
})

test("an advertisement's media dated outside its booked period is warned about and not saved", async ({ page, api, adminToken }) => {
  const email = uniqueEmail('anuncio-datas')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Datas ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  await addMedia(api, token, franchise.slug, { name: 'Cartaz Verão', type: 'image', bytes: png(320, 180, { noise: true, seed: 7 }), contentType: 'image/png' })
  const { schedule } = await api.post<{ schedule: Schedule }>(`/schedule/${franchise.slug}`, { name: 'Com vaga' }, token)
  await api.post(`/schedule/${franchise.slug}/${schedule.id}`, { media: [{ id: 'vaga-1', isAd: true, adSlots: 2, adTime: 15 }] }, token)
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Datas' })
  const { display } = await api.post<{ display: { id: string } }>(
    `/display/${franchise.slug}/${store.slug}`,
    { name: 'TV Datas', device: await uniqueDevice(api), scheduleId: schedule.id, detail: '', orientation: 0, contentOrientation: 0 },
    token,
  )
  // Booked for the 10th to the 12th of next month.
  const month = monthAhead(1)
  const { advertise } = await api.post<{ advertise: { id: string } }>(
    `/advertise/${franchise.slug}`,
    { name: 'Verão', displayTime: 10, startAt: spMidnight(month.iso(10)), endsAt: spMidnight(month.iso(13)) - 1, displays: [{ displayId: display.id, slotId: 'vaga-1' }] },
    token,
  )

  await useSession(page, { token })
  await page.goto(`/ads-center/${advertise.id}/media`)
  await page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click()
  const picker = page.getByRole('dialog', { name: 'Selecionar Mídia' })
  await picker.getByRole('button', { name: 'Cartaz Verão' }).click()
  await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()
  await page.getByRole('checkbox', { name: 'Exibir opções avançadas de exibição' }).check()
  // The 1st to the 5th: entirely before the booked days.
  const period = page.getByRole('button', { name: 'Período de exibição' })
  await period.click()
  await calendarDay(page, month, 1).click()
  await calendarDay(page, month, 5).click()
  const warning = `As datas da mídia (01/${month.iso(1).slice(5, 7)}/${month.iso(1).slice(0, 4)} a 05/${month.iso(1).slice(5, 7)}/${month.iso(1).slice(0, 4)}) ficam fora do período contratado do anúncio (10/${month.iso(1).slice(5, 7)}/${month.iso(1).slice(0, 4)} a 12/${month.iso(1).slice(5, 7)}/${month.iso(1).slice(0, 4)}), então ela nunca seria exibida.`
  await expect(page.getByRole('alert').filter({ hasText: warning })).toBeVisible()
  await shot(page, 'ad-media-outside-period')
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page).toHaveURL(new RegExp(`/ads-center/${advertise.id}/media$`))
  const stored = await api.get<{ advertise: { media: unknown[] } }>(`/advertise/${franchise.slug}/${advertise.id}`, token)
  expect(stored.advertise.media).toHaveLength(0)

  // The 5th to the 11th overlaps the booked days: saved.
  await period.click()
  await calendarDay(page, month, 5).click()
  await calendarDay(page, month, 11).click()
  await expect(page.getByText('ficam fora do período contratado')).toHaveCount(0)
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page).toHaveURL(new RegExp(`/ads-center/${advertise.id}$`))
  const after = await api.get<{ advertise: { media: { startDate: number }[] } }>(`/advertise/${franchise.slug}/${advertise.id}`, token)
  expect(after.advertise.media[0].startDate).toBe(spMidnight(month.iso(5)))
})
