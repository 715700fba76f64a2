// Minhas Mídias: uploads with progress, folders with drag and drop, rename,
// delete and refusals (spec 2, sections 2 to 5 and 8).
import type { Page } from '@playwright/test'
import { test, expect, shot, storageKeys, strongPassword, toast, uniqueEmail, useSession, type Franchise } from './fixtures.ts'
import type { Api } from './harness/api.ts'
import { addMedia, findMedia, hasFfmpeg, jpeg, library, mp4, png } from './harness/media-api.ts'
import { minioBinary, NO_MINIO } from './harness/minio.ts'
import { getSchedule, saveEntries } from './harness/schedule-api.ts'

const UNSUPPORTED = 'Erro: Formato não suportado ou arquivo muito grande.'

/** A user with a franchise of their own, logged in on /medias. */
async function openLibrary(page: Page, api: Api, adminToken: string, tag: string): Promise<{ token: string; franchise: Franchise }> {
  const email = uniqueEmail(tag)
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Marta Mídia', email, password })
  const token = await api.login(email, password)
  const franchise = await api.createFranchise(token, { name: `Rede ${tag} ${Date.now().toString(36)}` })
  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/medias')
  await expect(page.getByRole('heading', { name: 'Minhas Mídias' })).toBeVisible()
  return { token, franchise }
}

const mediaRow = (page: Page, name: string) => page.getByRole('row', { name, exact: true })
const folderRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) })
const parentRow = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Pasta anterior' }) })

/** The natural width of a media row's thumbnail once loaded; 0 until then. */
const thumbnailWidth = (page: Page, name: string) =>
  mediaRow(page, name)
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))

/** Media names in the order the table lists them. */
async function listedNames(page: Page) {
  return page.getByRole('table', { name: 'Mídias' }).locator('tbody tr[aria-label]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')))
}

// The flows that read and write files run against both stores: the data
// folder, and a MinIO bucket that browsers reach directly (S3 storage).
for (const storage of ['local', 's3'] as const) {
  test.describe(`${storage} storage`, () => {
    test.use({ storage })
    test.skip(storage === 's3' && !minioBinary(), NO_MINIO)

    test('an operator uploads two images and a video, watches the progress and finds them listed', async ({ page, api, adminToken }) => {
      const { token, franchise } = await openLibrary(page, api, adminToken, 'upload')
      await expect(page.getByText('Nenhuma mídia cadastrada.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Excluir Mídia(s)' })).toBeHidden()
      await shot(page, 'medias-empty')

      await page.getByRole('button', { name: 'Imagens' }).click()
      const dialog = page.getByRole('dialog', { name: 'Enviar Imagens' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByText('Imagens nos formatos png, jpg, jpeg ou gif, com até 10Mb.')).toBeVisible()

      // Two real images (a 360 x 360 noise PNG of ~380 KB, so the upload takes a
      // moment, and a JPEG) plus a text file dressed as a PNG.
      const photo = png(360, 360, { noise: true, seed: 7 })
      const banner = hasFfmpeg() ? { name: 'banner-10.jpg', mimeType: 'image/jpeg', buffer: jpeg() } : { name: 'banner-10.png', mimeType: 'image/png', buffer: png(640, 360) }
      await dialog.getByLabel('Selecionar arquivos').setInputFiles([
        { name: 'vitrine-9.png', mimeType: 'image/png', buffer: photo },
        banner,
        { name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem\n'.repeat(20)) },
      ])
      const items = dialog.getByRole('list', { name: 'Arquivos para enviar' }).getByRole('listitem')
      await expect(items).toHaveCount(3)
      const fake = items.filter({ hasText: 'notas.png' })
      await expect(fake.getByText(UNSUPPORTED)).toBeVisible()
      const first = items.filter({ hasText: 'vitrine-9.png' })
      await expect(first.getByText('360 × 360')).toBeVisible()
      await expect(first.getByLabel('Nome da mídia')).toHaveValue('vitrine-9')
      // More than two files: the list scrolls.
      const list = dialog.getByTestId('upload-list')
      expect((await list.boundingBox())!.height).toBeLessThan(400)
      await shot(page, 'medias-upload-queued')

      // The refused file is taken out; a blank name stops the upload.
      await fake.getByRole('button', { name: 'Remover notas.png' }).click()
      await expect(items).toHaveCount(2)
      await first.getByLabel('Nome da mídia').fill('   ')
      await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()
      await expect(dialog.getByRole('alert').filter({ hasText: 'Preencha todos os campos' }).first()).toBeVisible()
      await first.getByLabel('Nome da mídia').fill('Vitrine 9')

      // Slow the upload down and hold each registration until the test has seen
      // the finished progress.
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      await page.route(
        (url) => url.pathname === `/api/media/${franchise.slug}`,
        async (route) => {
          if (route.request().method() === 'POST') await gate
          await route.continue()
        },
      )

      await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()
      // Part way: percent, speed and time left, read together from one state
      // of the row (on a busy machine the upload may end between two reads).
      await expect(first).toContainText(/(^|[^\d])[1-9]\d?%\s*\d+,\d\d MB\/s\s*\d+ s restantes/)
      await shot(page, 'medias-upload-progress')
      await expect(first.getByText('100%')).toBeVisible()
      await expect(first.getByText('Salvando na biblioteca...')).toBeVisible()
      await expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
      await shot(page, 'medias-upload-done')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      release()

      await expect(toast(page, 'Arquivo salvo')).toBeVisible()
      await expect(dialog).toBeHidden()
      await page.unrouteAll()
      await expect(mediaRow(page, 'Vitrine 9')).toBeVisible()
      await expect(mediaRow(page, 'banner-10')).toBeVisible()
      await expect(mediaRow(page, 'Vitrine 9')).toContainText('360 × 360')
      // Natural order: 9 before 10 even though '1' < '9'.
      expect(await listedNames(page)).toEqual(['banner-10', 'Vitrine 9'])
      const saved = await findMedia(api, token, franchise.slug, 'Vitrine 9')
      expect(saved).toMatchObject({ type: 'image', folder: '', width: 360, height: 360 })
      // Each file shows its thumbnail, read from where the media live: this
      // server's /files, or the bucket's own address with S3 storage.
      await expect.poll(() => thumbnailWidth(page, 'Vitrine 9')).toBeGreaterThan(0)
      await expect.poll(() => thumbnailWidth(page, 'banner-10')).toBeGreaterThan(0)
      expect(new URL(saved!.thumbnailUrl, page.url()).origin === new URL(page.url()).origin).toBe(storage === 'local')

      if (!hasFfmpeg()) {
        test.info().annotations.push({ type: 'skipped', description: 'ffmpeg is not installed: the video upload was not tested' })
        return
      }
      await page.getByRole('button', { name: 'Vídeos' }).click()
      const videoDialog = page.getByRole('dialog', { name: 'Enviar Vídeos' })
      await expect(videoDialog.getByText('Vídeos nos formatos mp4, avi ou gif, com até 200Mb.')).toBeVisible()
      await videoDialog.getByLabel('Selecionar arquivos').setInputFiles({ name: 'teste-padrao.mp4', mimeType: 'video/mp4', buffer: mp4() })
      const clip = videoDialog.getByRole('listitem').filter({ hasText: 'teste-padrao.mp4' })
      // The browser reads the size, duration and frame rate.
      await expect(clip.getByText(/320 × 240 · 25 fps · 2 s/)).toBeVisible()
      await expect(clip.getByText(/Resolução acima|Taxa de quadros acima/)).toHaveCount(0)
      await shot(page, 'medias-upload-video')
      await videoDialog.getByRole('button', { name: 'Enviar', exact: true }).click()
      await expect(toast(page, 'Arquivo salvo')).toBeVisible({ timeout: 20_000 })
      await expect(mediaRow(page, 'teste-padrao')).toContainText('Vídeo')
      await expect(mediaRow(page, 'teste-padrao')).toContainText('320 × 240 · 2 s')
      await expect.poll(() => thumbnailWidth(page, 'teste-padrao')).toBeGreaterThan(0)
      expect(await findMedia(api, token, franchise.slug, 'teste-padrao')).toMatchObject({ type: 'video', width: 320, height: 240, displayTime: 2 })
      await shot(page, 'medias-listed')
    })

    test('rename, preview, open in a new tab and delete with confirmation', async ({ page, api, adminToken }) => {
      const { token, franchise } = await openLibrary(page, api, adminToken, 'editar')
      const logo = await addMedia(api, token, franchise.slug, { name: 'Logo 1', type: 'image', bytes: png(120, 80), contentType: 'image/png' })
      await addMedia(api, token, franchise.slug, { name: 'Logo 2', type: 'image', bytes: png(80, 120), contentType: 'image/png' })
      await addMedia(api, token, franchise.slug, { name: 'Logo 3', type: 'image', bytes: png(90, 90), contentType: 'image/png' })
      await page.reload()
      await expect.poll(() => thumbnailWidth(page, 'Logo 1')).toBeGreaterThan(0)

      // Editar: required name, then the new name.
      await mediaRow(page, 'Logo 1').getByRole('button', { name: 'Editar Logo 1' }).click()
      const rename = page.getByRole('dialog', { name: 'Editar Mídia' })
      await expect(rename.getByLabel('Nome da mídia')).toHaveValue('Logo 1')
      await rename.getByLabel('Nome da mídia').fill('')
      await rename.getByRole('button', { name: 'Salvar' }).click()
      await expect(rename.getByText('Campo obrigatório')).toBeVisible()
      await rename.getByLabel('Nome da mídia').fill('Logo principal')
      await shot(page, 'medias-rename')
      await rename.getByRole('button', { name: 'Salvar' }).click()
      await expect(toast(page, 'Nome atualizado com sucesso')).toBeVisible()
      await expect(mediaRow(page, 'Logo principal')).toBeVisible()
      expect((await findMedia(api, token, franchise.slug, 'Logo principal'))?.id).toBe(logo.id)

      // Preview popover with the image.
      await mediaRow(page, 'Logo principal').getByRole('button', { name: 'Pré-visualizar Logo principal' }).click()
      const preview = page.getByRole('dialog', { name: 'Prévia de Logo principal' })
      await expect(preview.getByRole('img', { name: 'Logo principal' })).toBeVisible()
      await expect.poll(() => preview.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
      await shot(page, 'medias-preview')
      await page.keyboard.press('Escape')

      // The name opens the file from the media address in a new tab.
      const fileURL = new URL(logo.url, page.url()).toString()
      const opened = page.context().waitForEvent('response', (response) => response.url() === fileURL)
      const popup = page.waitForEvent('popup')
      await mediaRow(page, 'Logo principal').getByRole('link', { name: 'Logo principal' }).click()
      const tab = await popup
      await tab.waitForLoadState()
      expect(tab.url()).toBe(fileURL)
      expect(tab.url()).toContain(logo.filePath)
      expect((await opened).status()).toBe(200)
      await tab.close()

      // Delete one: the confirmation warns that it cannot be undone.
      await expect(page.getByRole('button', { name: 'Excluir Mídia(s)' })).toBeHidden()
      await mediaRow(page, 'Logo 2').getByRole('checkbox').check()
      await page.getByRole('button', { name: 'Excluir Mídia(s)' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Tem certeza?' })
      await expect(confirm).toContainText('Logo 2')
      await expect(confirm).toContainText('Após confirmar, a ação não poderá ser desfeita.')
      // No schedule uses it, so no list of links.
      await expect(confirm.getByRole('list', { name: 'Programações vinculadas' })).toHaveCount(0)
      await shot(page, 'medias-delete')
      await confirm.getByRole('button', { name: 'Cancelar' }).click()
      await expect(mediaRow(page, 'Logo 2')).toBeVisible()
      await page.getByRole('button', { name: 'Excluir Mídia(s)' }).click()
      await confirm.getByRole('button', { name: 'Excluir' }).click()
      await expect(toast(page, 'Arquivo excluído')).toBeVisible()
      await expect(mediaRow(page, 'Logo 2')).toBeHidden()
      await expect(page.getByRole('button', { name: 'Excluir Mídia(s)' })).toBeHidden()
      expect((await library(api, token, franchise.slug)).mediaList.map((m) => m.name).sort()).toEqual(['Logo 3', 'Logo principal'])

      // Select all, delete both at once.
      await page.getByRole('checkbox', { name: 'Selecionar todas as mídias' }).check()
      await expect(page.getByText('2 mídias selecionadas')).toBeVisible()
      await page.getByRole('button', { name: 'Excluir Mídia(s)' }).click()
      await expect(confirm).toContainText('2 mídias selecionadas serão excluídas')
      await confirm.getByRole('button', { name: 'Excluir' }).click()
      await expect(toast(page, 'Arquivo excluído')).toBeVisible()
      await expect(page.getByText('Nenhuma mídia cadastrada.')).toBeVisible()
      expect((await library(api, token, franchise.slug)).mediaList).toHaveLength(0)
    })
  })
}

test('a video with more than 30 fps and above FHD gets warnings but can still be sent', async ({ page, api, adminToken }) => {
  test.skip(!hasFfmpeg(), 'ffmpeg is not installed')
  await openLibrary(page, api, adminToken, 'avisos')
  await page.getByRole('button', { name: 'Vídeos' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar Vídeos' })
  await dialog
    .getByLabel('Selecionar arquivos')
    .setInputFiles({ name: 'rapido.mp4', mimeType: 'video/mp4', buffer: mp4({ seconds: 2, size: '2048x1152', rate: 60, plain: true }) })
  const clip = dialog.getByRole('listitem').filter({ hasText: 'rapido.mp4' })
  await expect(clip.getByText(/Resolução acima de 1920x1080\. Recomendamos vídeos em FHD/)).toBeVisible()
  await expect(clip.getByText(/Taxa de quadros acima de 30 fps/)).toBeVisible()
  await shot(page, 'medias-upload-video-warnings')
  await expect(dialog.getByRole('button', { name: 'Enviar', exact: true })).toBeEnabled()
})

test('a file whose bytes do not match its type is refused with the server message', async ({ page, api, adminToken }) => {
  const { token, franchise } = await openLibrary(page, api, adminToken, 'recusa')
  await page.getByRole('button', { name: 'Imagens' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar Imagens' })
  // A PNG named .gif: the browser shows it, the server sniffs the bytes.
  await dialog.getByLabel('Selecionar arquivos').setInputFiles({ name: 'disfarce.gif', mimeType: 'image/gif', buffer: png(64, 64) })
  const item = dialog.getByRole('listitem').filter({ hasText: 'disfarce.gif' })
  await expect(item.getByText('64 × 64')).toBeVisible()
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()
  const message = 'O arquivo foi enviado como GIF, mas o conteúdo é PNG. Envie-o com a extensão correta.'
  const refusal = toast(page, 'Ocorreu um erro')
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText(message)
  await expect(item.getByText(message)).toBeVisible()
  await expect(dialog).toBeVisible()
  await shot(page, 'medias-upload-refused')
  expect((await library(api, token, franchise.slug)).mediaList).toHaveLength(0)
})

test('folders: a new folder, drag a file in, open it, drag it back through Pasta anterior', async ({ page, api, adminToken }) => {
  const { token, franchise } = await openLibrary(page, api, adminToken, 'pastas')
  for (const name of ['Slide 10', 'Slide 2']) {
    await addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(48, 27), contentType: 'image/png' })
  }
  await addMedia(api, token, franchise.slug, { name: 'Antiga', type: 'image', bytes: png(32, 32), contentType: 'image/png', folder: 'Arquivo 2023' })
  await page.reload()
  await expect(mediaRow(page, 'Slide 2')).toBeVisible()
  expect(await listedNames(page)).toEqual(['Slide 2', 'Slide 10'])

  // Nova Pasta: required name, then a folder that exists only in the browser.
  await page.getByRole('button', { name: 'Nova Pasta' }).click()
  const folderDialog = page.getByRole('dialog', { name: 'Nova Pasta' })
  await folderDialog.getByRole('button', { name: 'Criar pasta' }).click()
  await expect(folderDialog.getByText('Campo obrigatório')).toBeVisible()
  await folderDialog.getByLabel('Nome da pasta').fill('Campanhas')
  await folderDialog.getByRole('button', { name: 'Criar pasta' }).click()
  await expect(toast(page, 'Pasta adicionada')).toBeVisible()
  await expect(folderDialog).toBeHidden()
  // Folders first, in natural order, then files.
  const firstColumn = page.getByRole('table', { name: 'Mídias' }).locator('tbody tr')
  await expect(firstColumn.nth(0)).toContainText('Arquivo 2023')
  await expect(firstColumn.nth(1)).toContainText('Campanhas')
  await expect(folderRow(page, 'Campanhas')).toContainText('Vazia')

  // A selected file that is moved leaves the selection.
  await mediaRow(page, 'Slide 2').getByRole('checkbox', { name: 'Selecionar Slide 2' }).check()
  await expect(page.getByRole('button', { name: 'Excluir Mídia(s)' })).toBeVisible()
  await shot(page, 'medias-folders')
  await mediaRow(page, 'Slide 2').dragTo(folderRow(page, 'Campanhas'))
  await expect(mediaRow(page, 'Slide 2')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Excluir Mídia(s)' })).toBeHidden()
  await expect.poll(async () => (await findMedia(api, token, franchise.slug, 'Slide 2'))?.folder).toBe('Campanhas')
  await expect(folderRow(page, 'Campanhas')).toContainText('1 item')

  // Into the folder: breadcrumb, 'Pasta anterior', the file.
  await page.getByRole('button', { name: 'Campanhas', exact: true }).click()
  const breadcrumb = page.getByRole('navigation', { name: 'Pasta atual' })
  await expect(breadcrumb).toHaveText(/Mídias.*Campanhas/)
  await expect(parentRow(page)).toBeVisible()
  await expect(mediaRow(page, 'Slide 2')).toBeVisible()
  await shot(page, 'medias-inside-folder')

  // Going up clears the selection.
  await page.getByRole('checkbox', { name: 'Selecionar todas as mídias' }).check()
  await expect(page.getByText('1 mídia selecionada')).toBeVisible()
  await breadcrumb.getByRole('button', { name: 'Mídias' }).click()
  await expect(parentRow(page)).toBeHidden()
  await page.getByRole('button', { name: 'Campanhas', exact: true }).click()
  await expect(mediaRow(page, 'Slide 2').getByRole('checkbox')).not.toBeChecked()
  await expect(page.getByRole('button', { name: 'Excluir Mídia(s)' })).toBeHidden()

  // Back up through 'Pasta anterior'.
  await mediaRow(page, 'Slide 2').dragTo(parentRow(page))
  await expect(mediaRow(page, 'Slide 2')).toBeHidden()
  await expect(page.getByText('Esta pasta está vazia.')).toBeVisible()
  await expect.poll(async () => (await findMedia(api, token, franchise.slug, 'Slide 2'))?.folder).toBe('')
  await parentRow(page).getByRole('button', { name: 'Pasta anterior' }).click()
  await expect(mediaRow(page, 'Slide 2')).toBeVisible()
  // The empty folder made here stays for the session, reloads included.
  await page.reload()
  await expect(folderRow(page, 'Campanhas')).toBeVisible()

  // The other folder came from the server; its file opens from there too.
  await page.getByRole('button', { name: 'Arquivo 2023', exact: true }).click()
  await expect(mediaRow(page, 'Antiga')).toBeVisible()
  await expect(page).toHaveURL(/pasta=Arquivo\+2023|pasta=Arquivo%202023/)
  // Without a mouse: the Mover menu does the same as dragging.
  await mediaRow(page, 'Antiga').getByRole('button', { name: 'Mover Antiga' }).click()
  await page.getByRole('menuitem', { name: 'Pasta anterior' }).click()
  await expect(mediaRow(page, 'Antiga')).toBeHidden()
  await expect.poll(async () => (await findMedia(api, token, franchise.slug, 'Antiga'))?.folder).toBe('')
  await parentRow(page).getByRole('button', { name: 'Pasta anterior' }).click()
  await mediaRow(page, 'Antiga').getByRole('button', { name: 'Mover Antiga' }).click()
  await page.getByRole('menuitem', { name: 'Campanhas' }).click()
  await expect(mediaRow(page, 'Antiga')).toBeHidden()
  await expect.poll(async () => (await findMedia(api, token, franchise.slug, 'Antiga'))?.folder).toBe('Campanhas')
})

test('the library in dark mode', async ({ page, api, adminToken }) => {
  const { token, franchise } = await openLibrary(page, api, adminToken, 'escuro')
  await addMedia(api, token, franchise.slug, { name: 'Cartaz', type: 'image', bytes: png(160, 90), contentType: 'image/png' })
  await addMedia(api, token, franchise.slug, { name: 'Oferta', type: 'image', bytes: png(90, 160), contentType: 'image/png', folder: 'Ofertas' })
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), storageKeys.theme)
  await page.reload()
  await expect(mediaRow(page, 'Cartaz')).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await mediaRow(page, 'Cartaz').getByRole('checkbox').check()
  await shot(page, 'medias-dark')
  await page.getByRole('button', { name: 'Imagens' }).click()
  await page.getByLabel('Selecionar arquivos').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: png(40, 40) },
    { name: 'b.txt.png', mimeType: 'image/png', buffer: Buffer.from('texto') },
  ])
  await expect(page.getByText(UNSUPPORTED)).toBeVisible()
  await shot(page, 'medias-upload-dark')
})

test('in a long folder the header and Pasta anterior stay in view, and a file from the bottom moves up', async ({ page, api, adminToken }) => {
  const { token, franchise } = await openLibrary(page, api, adminToken, 'longa')
  const image = png(16, 9)
  for (let i = 1; i <= 24; i++) {
    await addMedia(api, token, franchise.slug, { name: `Foto ${i}`, type: 'image', bytes: image, contentType: 'image/png', folder: 'Longa' })
  }
  await page.reload()
  await page.getByRole('button', { name: 'Longa', exact: true }).click()
  await expect(mediaRow(page, 'Foto 24')).toBeAttached()

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  const appHeader = (await page.locator('header').first().boundingBox())!
  const columns = (await page.getByRole('columnheader', { name: 'Nome', exact: true }).boundingBox())!
  const parent = (await parentRow(page).boundingBox())!
  // Right below the app's header, then the column titles, then 'Pasta anterior'.
  expect(Math.round(columns.y)).toBe(Math.round(appHeader.y + appHeader.height))
  expect(parent.y).toBeGreaterThanOrEqual(columns.y + columns.height - 2)
  expect(parent.y).toBeLessThan(columns.y + columns.height + 4)
  await shot(page, 'medias-long-folder-scrolled')

  // Drag the last file onto the pinned 'Pasta anterior' without scrolling back up.
  const source = (await mediaRow(page, 'Foto 24').boundingBox())!
  await page.mouse.move(source.x + 120, source.y + source.height / 2)
  await page.mouse.down()
  await page.mouse.move(parent.x + 200, parent.y + parent.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect.poll(async () => (await findMedia(api, token, franchise.slug, 'Foto 24'))?.folder).toBe('')
  await expect(mediaRow(page, 'Foto 24')).toBeHidden()
})

test('a folder of many files draws a hundred rows at first, more on scrolling, and select-all takes them all', async ({ page, api, adminToken }) => {
  const { token, franchise } = await openLibrary(page, api, adminToken, 'muitas')
  const image = png(8, 8)
  const queue = Array.from({ length: 120 }, (_, i) => i + 1)
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        await addMedia(api, token, franchise.slug, { name: `Arte ${i}`, type: 'image', bytes: image, contentType: 'image/png', folder: 'Campanha' })
      }
    }),
  )
  await page.reload()
  await page.getByRole('button', { name: 'Campanha', exact: true }).click()
  const rows = page.getByRole('table', { name: 'Mídias' }).locator('tbody tr[aria-label]')
  await expect(rows).toHaveCount(100)
  await expect(mediaRow(page, 'Arte 100')).toBeAttached()
  await expect(mediaRow(page, 'Arte 101')).toHaveCount(0)

  // Select-all takes every file of the folder, drawn or not.
  await page.getByRole('checkbox', { name: 'Selecionar todas as mídias' }).check()
  await expect(page.getByText('120 mídias selecionadas')).toBeVisible()

  await page.getByText('Mostrando 100 de 120 mídias').scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(120)
  await expect(mediaRow(page, 'Arte 120').getByRole('checkbox')).toBeChecked()
  await expect(page.getByRole('button', { name: 'Mostrar mais mídias' })).toBeHidden()
})

test('deleting a media played by a schedule lists the schedule first and removes the media from it', async ({ page, api, adminToken }) => {
  const { token, franchise } = await openLibrary(page, api, adminToken, 'vinculada')
  const banner = await addMedia(api, token, franchise.slug, { name: 'Banner Natal', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const other = await addMedia(api, token, franchise.slug, { name: 'Banner Fixo', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Vitrine de Natal' }, token)
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: banner.id }, { id: other.id }])
  await page.reload()

  await mediaRow(page, 'Banner Natal').getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Excluir Mídia(s)' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Tem certeza?' })
  const links = confirm.getByRole('list', { name: 'Programações vinculadas' })
  await expect(links.getByRole('link', { name: 'Vitrine de Natal' })).toHaveAttribute('href', `/schedule/${schedule.id}`)
  await shot(page, 'medias-delete-linked')
  await confirm.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Arquivo excluído')).toBeVisible()
  const after = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(after.media.map((e) => e.id)).toEqual([other.id])
})
