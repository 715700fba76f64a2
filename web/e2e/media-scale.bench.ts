// Minhas Mídias with a folder of 1,000 images, in Chromium: how long opening the
// folder and selecting every file take, and how many DOM nodes the page holds.
// Figures go to docs/performance.md.
import { test, expect, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'

const FILES = 1000
const RUNS = 5

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

test(`a folder of ${FILES} images`, async ({ api, adminToken, browser }) => {
  const email = uniqueEmail('midias')
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Bia Banco', email, password })
  const token = await api.login(email, password)
  const franchise = await api.createFranchise(token, { name: `Rede Mídias ${Date.now().toString(36)}` })
  const started = Date.now()
  const queue = Array.from({ length: FILES }, (_, i) => i + 1)
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        await addMedia(api, token, franchise.slug, { name: `Foto ${i}`, type: 'image', bytes: png(32, 18, { seed: i }), contentType: 'image/png', folder: 'Grande' })
      }
    }),
  )
  console.log(`uploaded and registered ${FILES} images in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const open: number[] = []
  const selectAll: number[] = []
  let nodes = 0
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const tab = await context.newPage()
    await useSession(tab, { token, franchise: franchise.slug })
    // From the click on the folder until its first row enters the page, read in the page and
    // awaited there: the test runner's own polling would round the figure up by hundreds of ms,
    // and each of its role queries reads the accessibility tree on the page's main thread.
    await tab.addInitScript(() => {
      const w = window as unknown as { __clickAt?: number; __firstRow: Promise<number> }
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true })
      w.__firstRow = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('no file row within 120 s')), 120_000)
        new MutationObserver((_, observer) => {
          if (w.__clickAt === undefined || !document.querySelector('tr[aria-label="Foto 1"]')) return
          resolve(performance.now() - w.__clickAt)
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true })
      })
    })
    await tab.goto('/medias')
    const folder = tab.getByRole('button', { name: 'Grande', exact: true })
    await expect(folder).toBeVisible({ timeout: 60_000 })
    await folder.click()
    open.push(Math.round(await tab.evaluate(() => (window as unknown as { __firstRow: Promise<number> }).__firstRow)))
    await expect(tab.getByRole('row', { name: 'Foto 1', exact: true })).toBeVisible()
    nodes = await tab.evaluate(() => document.getElementsByTagName('*').length)
    const t1 = Date.now()
    await tab.getByRole('checkbox', { name: 'Selecionar todas as mídias' }).check()
    await expect(tab.getByText(`${FILES} mídias selecionadas`)).toBeVisible({ timeout: 60_000 })
    selectAll.push(Date.now() - t1)
    await context.close()
  }
  console.log(`open the folder to the first row: median ${median(open)} ms (runs: ${open.join(', ')})`)
  console.log(`DOM nodes with the folder open: ${nodes}`)
  console.log(`select all to the count shown: median ${median(selectAll)} ms (runs: ${selectAll.join(', ')})`)
})
