// Minhas Mídias of a library of 5,000 images (4,000 at the top, 1,000 in one
// folder), in Chromium: how long from opening /medias until the first file row
// enters the page and until the page is fully interactive (the end of the last
// long task of the main thread, once it has been free of them for a second),
// how long opening the folder of 1,000 and selecting every file take, and how
// many DOM nodes the page holds. Figures go to docs/performance.md.
import { test, expect, strongPassword, uniqueEmail } from './fixtures.ts'
import { count, domNodes, figures, freshTab, inParallel, openAndTime, openWarmTab, printTable, watchFirstRow } from './harness/bench.ts'
import { addMedia, png } from './harness/media-api.ts'
import { closeUndriven, openUndriven } from './harness/undriven.ts'

const TOP = 4000
const FILES = 1000
const RUNS = 5

test(`a library of ${TOP + FILES} images, a folder of ${FILES}`, async ({ api, adminToken, browser, baseURL }) => {
  const email = uniqueEmail('midias')
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Bia Banco', email, password })
  const token = await api.login(email, password)
  const franchise = await api.createFranchise(token, { name: `Rede Mídias ${Date.now().toString(36)}` })
  const started = Date.now()
  const files = [
    ...Array.from({ length: TOP }, (_, i) => ({ name: `Arquivo ${String(i + 1).padStart(4, '0')}`, folder: '' })),
    ...Array.from({ length: FILES }, (_, i) => ({ name: `Foto ${i + 1}`, folder: 'Grande' })),
  ]
  await inParallel(files.map((file, i) => ({ ...file, seed: i + 1 })), 6, async ({ name, folder, seed }) => {
    await addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(32, 18, { seed }), contentType: 'image/png', folder })
  })
  console.log(`uploaded and registered ${files.length} images in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const first: number[] = []
  const undriven: number[] = []
  const warm: number[] = []
  const interactive: number[] = []
  const open: number[] = []
  const selectAll: number[] = []
  let nodes = 0
  for (let run = 0; run < RUNS; run++) {
    const tab = await freshTab(browser, { token, franchise: franchise.slug })
    await watchFirstRow(tab, { selector: 'tr[aria-label="Arquivo 0001"]' })
    // From the click on the folder until its first row enters the page, awaited in the page too.
    await tab.addInitScript(() => {
      const w = window as unknown as { __clickAt?: number; __folderRow: Promise<number> }
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true })
      w.__folderRow = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('no file row within 120 s')), 120_000)
        new MutationObserver((_, observer) => {
          if (w.__clickAt === undefined || !document.querySelector('tr[aria-label="Foto 1"]')) return
          resolve(performance.now() - w.__clickAt)
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true })
      })
    })
    const times = await openAndTime(tab, '/medias', tab.getByRole('row', { name: 'Arquivo 0001', exact: true }))
    first.push(times.first)
    interactive.push(times.interactive)

    await tab.getByRole('button', { name: 'Grande', exact: true }).click()
    open.push(Math.round(await tab.evaluate(() => (window as unknown as { __folderRow: Promise<number> }).__folderRow)))
    await expect(tab.getByRole('row', { name: 'Foto 1', exact: true })).toBeVisible()
    nodes = await domNodes(tab)
    const t1 = Date.now()
    await tab.getByRole('checkbox', { name: 'Selecionar todas as mídias' }).check()
    await expect(tab.getByText(`${FILES} mídias selecionadas`)).toBeVisible({ timeout: 60_000 })
    selectAll.push(Date.now() - t1)
    warm.push(await openWarmTab(tab, '/medias', { selector: 'tr[aria-label="Arquivo 0001"]' }))
    await tab.context().close()
    undriven.push(await openUndriven(new URL('/medias', baseURL).href, { token, franchise: franchise.slug }, { selector: 'tr[aria-label="Arquivo 0001"]' }))
  }
  await closeUndriven()
  console.log(`first file row after opening /medias: ${figures(first)}`)
  console.log(`first file row in one more tab of the same browser: ${figures(warm)}`)
  console.log(`first file row in a browser the test driver does not instrument: ${figures(undriven)}`)
  console.log(`fully interactive (last long task, then a second without one): ${figures(interactive)}`)
  console.log(`open the folder to the first row: ${figures(open)}`)
  console.log(`DOM nodes with the folder open: ${nodes}`)
  console.log(`select all to the count shown: ${figures(selectAll)}`)
  const screen = `Minhas Mídias (${count(TOP + FILES)} files)`
  printTable([
    { measure: `${screen}: first file row`, runs: first, target: '< 1 s' },
    { measure: `${screen}: first file row, one more tab of the same browser`, runs: warm, target: '< 1 s' },
    { measure: `${screen}: first file row, in a browser the test driver does not instrument`, runs: undriven, target: '< 1 s' },
    { measure: `${screen}: fully interactive`, runs: interactive, target: '< 2 s' },
    { measure: `${screen}: open a folder of ${count(FILES)} to its first row`, runs: open },
    { measure: `${screen}: select all to '${FILES} mídias selecionadas'`, runs: selectAll },
  ])
})
