// Adding and editing media in a schedule (/schedule/{id}/media and
// /schedule/{id}/media/{mediaId}/{index}), the media picker, and the guided
// action /action/add-media-to-schedule (spec 2 §2, §4, §5).
import type { Page } from '@playwright/test'
import { test, expect, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, mp4, png } from './harness/media-api.ts'
import { operatorWithGroup } from './harness/overview-api.ts'
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

  // An image has no time of its own: 'Deve ser maior que 0'.
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click()
  await expect(page.getByText('Deve ser maior que 0')).toBeVisible()
  await page.getByLabel('Tempo de Exibição da Mídia (em seg.)').fill('8a')
  await expect(page.getByLabel('Tempo de Exibição da Mídia (em seg.)')).toHaveValue('8')
  await expect(page.getByText('Deve ser maior que 0')).toHaveCount(0)

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
