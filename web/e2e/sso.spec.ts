// 'Login único': a 'Rede' member holding 'Gerenciar equipe' points the group at
// its OpenID Provider (a real one on loopback, harness/oidc.ts) for a domain,
// password sign-in off; signed out, a person of that domain types the e-mail
// on the sign-in page, is offered 'Entrar com o login da empresa' only, signs
// in on the provider's own login page and lands signed in, a store manager of
// no store yet. axe checks 'Login único' and the changed sign-in page in the
// light and dark themes.
import type { Page } from '@playwright/test'
import { test, expect, shot, storageKeys, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { NO_OIDC_PROVIDER, OIDC_CLIENT, oidcProviderBinary, startOidcProvider, type OidcProvider } from './harness/oidc.ts'
import { createStore, operatorWithGroup } from './harness/overview-api.ts'

type Theme = 'light' | 'dark'

async function checkThemes(page: Page, screen: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const found = await axeViolations(page)
    expect.soft(found.length, `violations on ${screen} (${theme}):\n${found.join('\n')}\n`).toBe(0)
  }
}

let provider: OidcProvider | undefined
test.afterAll(async () => provider?.stop())

test('a group signs in through its own identity provider', async ({ page, api, adminToken, browser, baseURL }) => {
  const binary = oidcProviderBinary()
  if (!binary) {
    if (process.env.CI) throw new Error(NO_OIDC_PROVIDER)
    test.skip(true, NO_OIDC_PROVIDER)
    return
  }
  const tag = Date.now().toString(36)
  const domain = `empresa-${tag}.test`
  const person = { email: `carla@${domain}`, password: strongPassword('idp') }
  provider = await startOidcProvider(
    binary,
    [{ ID: 'carla', Username: person.email, Password: person.password, FirstName: 'Carla', LastName: 'Empresa', Email: person.email, EmailVerified: true }],
    [`${baseURL}/api/sso/callback`],
  )

  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('rede-sso'),
    password: strongPassword('rede'),
    name: 'Nina Rede',
    group: `Rede SSO ${tag}`,
  })
  await createStore(api, token, franchise.slug, { name: 'Loja Centro' })

  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'LOGIN ÚNICO' }).click()
  await expect(page).toHaveURL(/\/sso$/)
  await expect(page.getByRole('heading', { name: 'Login único', level: 1 })).toBeVisible()
  await expect(page.getByText('Não configurado')).toBeVisible()
  await expect(page.getByLabel('Endereço de retorno (redirect URI)')).toHaveText(`${baseURL}/api/sso/callback`)
  await checkThemes(page, "'Login único'")

  await page.getByLabel('Endereço do provedor (issuer)').fill(provider.issuer)
  await page.getByLabel('Client ID').fill(OIDC_CLIENT.id)
  await page.getByLabel('Client secret').fill(OIDC_CLIENT.secret)
  await page.getByLabel('Domínios de e-mail').fill(domain)
  await expect(page.getByRole('combobox', { name: 'Papel de quem entra pela primeira vez' })).toHaveText('Gerente de loja')
  await page.getByLabel('Permitir também a entrada com senha').uncheck()
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Login único salvo')).toBeVisible()
  await expect(page.getByText('Ligado', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Client secret')).toHaveValue('')
  await expect(page.getByLabel('Client secret')).toHaveAttribute('placeholder', 'definido')
  await checkThemes(page, "'Login único' (ligado)")
  await shot(page, 'sso-settings')

  // Signed out: the sign-in page asks for the e-mail and offers the company's login only.
  const signedOut = await browser.newContext({ baseURL })
  const visitor = await signedOut.newPage()
  await visitor.goto('/')
  await visitor.getByLabel('E-mail', { exact: true }).fill(person.email)
  const companyLogin = visitor.getByRole('button', { name: 'Entrar com o login da empresa' })
  await expect(companyLogin).toBeVisible()
  await expect(visitor.getByLabel('Senha', { exact: true })).toHaveCount(0)
  await checkThemes(visitor, 'the sign-in page with the company login')
  await visitor.emulateMedia({ colorScheme: 'light' })
  await shot(visitor, 'sso-sign-in')
  await companyLogin.click()

  // The provider's own login page.
  await expect(visitor).toHaveURL(new RegExp(`^${provider.issuer.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}login/username`))
  await visitor.getByLabel('Username:').fill(person.email)
  await visitor.getByLabel('Password:').fill(person.password)
  await visitor.getByRole('button', { name: 'Login' }).click()

  await expect(visitor).toHaveURL(/\/dashboard$/)
  expect(await visitor.evaluate((key) => localStorage.getItem(key), storageKeys.token)).toBeTruthy()
  expect(visitor.url()).not.toContain('sso=')
  // A store manager of no store yet: a clear empty state.
  await expect(visitor.getByText('Nenhuma loja sua neste grupo.')).toBeVisible()
  await shot(visitor, 'sso-signed-in')

  // What went wrong at the provider lands on the sign-in page in words (here a refused consent).
  const other = await browser.newContext({ baseURL })
  const refused = await other.newPage()
  await refused.goto('/?ssoError=1037')
  await expect(refused.getByRole('alert')).toHaveText('O acesso não foi autorizado no login da empresa.')
  await expect(refused).toHaveURL(/\/$/)
  await checkThemes(refused, 'the sign-in page with an error of the company login')
  await other.close()

  // The team lists her, waiting for a store (a fresh load: the page's team was read before she came).
  await page.goto('/team')
  const row = page.getByRole('table', { name: 'Membros' }).getByRole('row').filter({ hasText: person.email })
  await expect(row).toContainText('Gerente de loja')
  await expect(row).toContainText('Nenhuma loja ainda (sem acesso)')
  await signedOut.close()
})
