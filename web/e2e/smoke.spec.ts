import { test, expect, shot } from './fixtures.ts'

test('the server answers its health check', async ({ api }) => {
  const health = await api.get<{ status: string }>('/health')
  expect(health.status).toBeTruthy()
})

test('the console loads the login screen', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  await shot(page, 'login')
})
