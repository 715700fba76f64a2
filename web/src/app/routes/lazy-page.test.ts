import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadPage } from './lazy-page'

const Page = () => null
const settled = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending')
  return Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(marker), 20))]).then((value) => value !== marker)
}

describe('a page loaded on its first visit', () => {
  const reload = vi.fn()
  beforeEach(() => {
    sessionStorage.clear()
    vi.stubGlobal('location', { ...window.location, reload })
  })
  afterEach(() => {
    reload.mockReset()
    vi.unstubAllGlobals()
  })

  it('gives the page of its chunk', async () => {
    await expect(loadPage(async () => ({ Page }), (m) => m.Page)).resolves.toEqual({ default: Page })
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads the page once when the chunk is gone (a new release), and keeps the fallback meanwhile', async () => {
    const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    expect(await settled(loadPage(gone, () => Page))).toBe(false)
    expect(reload).toHaveBeenCalledOnce()
    // After the reload the chunk is still missing: the error goes to the error boundary.
    await expect(loadPage(gone, () => Page)).rejects.toThrow('Failed to fetch')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('tries a reload again after a chunk loaded fine', async () => {
    const gone = () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await settled(loadPage(gone, () => Page))).toBe(false)
    await loadPage(async () => ({ Page }), (m) => m.Page)
    expect(await settled(loadPage(gone, () => Page))).toBe(false)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
