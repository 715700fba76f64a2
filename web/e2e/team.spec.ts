// 'Equipe': a 'Rede' member holding 'Gerenciar equipe' invites a franchisee
// of two stores by e-mail (a real SMTP exchange with the harness's server);
// the franchisee opens the link signed out, creates the account and sees
// those stores in Visão Geral; narrowed to one store, she sees only it, then
// and after signing in again. axe checks the new screens and the dialog in
// the light and dark themes.
import type { Page } from '@playwright/test'
import { test, expect, loginAs, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { createStore, operatorWithGroup } from './harness/overview-api.ts'

type Theme = 'light' | 'dark'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** Checks what the page shows in the light theme, then the dark one (the console follows the system's scheme). */
async function checkThemes(page: Page, screen: string, within?: string) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const found = await axeViolations(page, within)
    expect.soft(found.length, `violations on ${screen} (${theme}):\n${found.join('\n')}\n`).toBe(0)
  }
}

test('a network member invites a franchisee by e-mail, who joins and sees only her stores, then is narrowed to one', async ({ page, api, adminToken, mailbox, browser, baseURL }) => {
  const password = strongPassword('rede')
  const group = `Rede Equipe ${Date.now().toString(36)}`
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email: uniqueEmail('rede'), password, name: 'Nina Rede', group })
  await createStore(api, token, franchise.slug, { name: 'Loja Centro' })
  await createStore(api, token, franchise.slug, { name: 'Loja Norte' })
  await createStore(api, token, franchise.slug, { name: 'Loja Sul' })

  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'EQUIPE' }).click()
  await expect(page).toHaveURL(/\/team$/)
  await expect(page.getByRole('heading', { name: 'Equipe', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Membros' }).getByText('Nina Rede')).toBeVisible()
  await checkThemes(page, '/team')

  const email = uniqueEmail('franqueada')
  await page.getByRole('button', { name: 'Convidar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Convidar' })
  await dialog.getByLabel('E-mail').fill(email)
  await expect(dialog.getByRole('combobox', { name: 'Papel' })).toHaveText('Franqueado')
  await dialog.getByRole('button', { name: /^Lojas/ }).click()
  await page.getByRole('checkbox', { name: 'Loja Norte' }).check()
  await page.getByRole('checkbox', { name: 'Loja Sul' }).check()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toBeHidden()
  await checkThemes(page, "'Convidar'", '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(toast(page, 'Convite enviado')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Convites pendentes' }).getByText(email)).toBeVisible()

  const mail = await mailbox.waitFor(email, { link: /\/convite\?code=/ })
  expect(mail.subject).toContain(group)
  const link = new URL(mail.link)

  const signedOut = await browser.newContext({ baseURL })
  const invitee = await signedOut.newPage()
  await invitee.goto(link.pathname + link.search)
  await expect(invitee.getByRole('heading', { name: `Convite para ${group}` })).toBeVisible()
  await checkThemes(invitee, '/convite')
  const newPassword = strongPassword('franq')
  await invitee.getByLabel('Nome').fill('Fabiana Franqueada')
  await invitee.getByLabel('Senha', { exact: true }).fill(newPassword)
  await invitee.getByLabel('Confirmar senha').fill(newPassword)
  await invitee.getByRole('button', { name: 'Criar conta e aceitar' }).click()
  await expect(invitee).toHaveURL(/\/dashboard$/)
  await expect(card(invitee, 'Loja Norte')).toBeVisible()
  await expect(card(invitee, 'Loja Sul')).toBeVisible()
  await expect(card(invitee, 'Loja Centro')).toHaveCount(0)
  await expect(invitee.getByRole('link', { name: 'EQUIPE' })).toHaveCount(0)

  // Narrowed to Loja Norte: her next load of Visão Geral has that store only.
  await page.reload()
  await page.getByRole('button', { name: 'Editar Fabiana Franqueada' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar membro' })
  await edit.getByRole('button', { name: /^Lojas/ }).click()
  await page.getByRole('checkbox', { name: 'Loja Sul' }).uncheck()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toBeHidden()
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Membro alterado')).toBeVisible()
  await invitee.reload()
  await expect(card(invitee, 'Loja Norte')).toBeVisible()
  await expect(card(invitee, 'Loja Sul')).toHaveCount(0)
  await signedOut.close()

  // Signing in again later: the same store only.
  const later = await browser.newContext({ baseURL })
  const again = await later.newPage()
  await loginAs(again, email, newPassword)
  await expect(card(again, 'Loja Norte')).toBeVisible()
  await expect(card(again, 'Loja Centro')).toHaveCount(0)
  await expect(card(again, 'Loja Sul')).toHaveCount(0)
  await later.close()

  // The invitation is spent: the team lists her as a member, none pending.
  await expect(page.getByRole('table', { name: 'Membros' }).getByText('Fabiana Franqueada')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Convites pendentes' }).getByText('Nenhum convite pendente.')).toBeVisible()
})

test("'Equipe' works from the keyboard: each dialog opens with Enter and gives the focus back when it closes", async ({ page, api, adminToken }) => {
  const password = strongPassword('foco')
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('equipe-foco'),
    password,
    name: 'Olga Rede',
    group: `Rede Foco Equipe ${Date.now().toString(36)}`,
  })
  await createStore(api, token, franchise.slug, { name: 'Loja Centro' })
  const invited = uniqueEmail('pendente')
  await api.post(`/team/${franchise.slug}/invite`, { email: invited, role: 'store', stores: ['loja-centro'] }, token)
  await useSession(page, { token, franchise: franchise.slug })
  await page.goto('/team')
  await expect(page.getByRole('table', { name: 'Convites pendentes' }).getByText(invited)).toBeVisible()

  const rounds: { opener: string; dialog: string; role: 'dialog' | 'alertdialog'; closeWith: 'Escape' | 'Cancelar' }[] = [
    { opener: 'Convidar', dialog: 'Convidar', role: 'dialog', closeWith: 'Escape' },
    { opener: 'Convidar', dialog: 'Convidar', role: 'dialog', closeWith: 'Cancelar' },
    { opener: 'Editar Olga Rede', dialog: 'Editar membro', role: 'dialog', closeWith: 'Escape' },
    { opener: 'Remover Olga Rede', dialog: 'Remover membro', role: 'alertdialog', closeWith: 'Cancelar' },
    { opener: `Cancelar o convite de ${invited}`, dialog: 'Cancelar convite', role: 'alertdialog', closeWith: 'Escape' },
  ]
  for (const round of rounds) {
    const opener = page.getByRole('button', { name: round.opener, exact: true })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole(round.role, { name: round.dialog })
    await expect(dialog).toBeVisible()
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    if (round.closeWith === 'Escape') await page.keyboard.press('Escape')
    else await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(opener, `${round.dialog} closed with ${round.closeWith}`).toBeFocused()
  }
  // Removing the group's only manager is refused with the server's reason; nothing changes.
  await page.getByRole('button', { name: 'Remover Olga Rede' }).click()
  await page.getByRole('alertdialog', { name: 'Remover membro' }).getByRole('button', { name: 'Remover' }).click()
  await expect(toast(page, /Oops! Algo deu errado/)).toContainText("ao menos um membro com 'Gerenciar equipe'")
  await page.getByRole('alertdialog', { name: 'Remover membro' }).getByRole('button', { name: 'Cancelar' }).click()
  await expect(page.getByRole('table', { name: 'Membros' }).getByText('Olga Rede')).toBeVisible()
})
