// The server is up and serves both of its faces: the JSON API under /api and
// the console everywhere else.
import { test, expect, shot } from './fixtures.ts'

test('the health check answers status ok', async ({ api }) => {
  const health = await api.get<{ status: string }>('/health')
  expect(health.status).toBe('ok')
})

test('an unknown API route answers a JSON 404, not the console page', async ({ request, baseURL }) => {
  const response = await request.get(`${baseURL}/api/rota-que-nao-existe`)
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('application/json')
  // The spec's error object (internal/httpapi/server.go).
  expect(await response.json()).toEqual({ error: true, statusCode: 1003, msg: expect.any(String) })
})

test('the console shows the login screen: its title, e-mail and password fields and Entrar', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Vitrine')
  await expect(page.getByRole('heading', { level: 1, name: 'Acesse sua conta' })).toBeVisible()
  await expect(page.getByLabel('E-mail', { exact: true })).toBeEditable()
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'password')
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled()
  await expect(page.getByRole('link', { name: 'Esqueci a senha' })).toHaveAttribute('href', '/reset/password')
  await shot(page, 'login')
})
