// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { splitDomains, ssoMessages, ssoSchema, toSSOInput } from './sso-schemas'

const valid = {
  issuer: 'https://accounts.google.com',
  clientId: 'vitrine',
  clientSecret: 's3gredo',
  domains: 'empresa.com.br',
  role: 'store' as 'network' | 'franchisee' | 'store',
  stores: [],
  allowPassword: false,
}

const issues = (secretSet: boolean, values: Partial<typeof valid> & Record<string, unknown>) =>
  ssoSchema(secretSet)
    .safeParse({ ...valid, ...values })
    .error?.issues.map((i) => i.message) ?? []

describe("'Login único' form", () => {
  it('reads the domains separated by commas, spaces or lines, without a leading @', () => {
    expect(splitDomains(' @Empresa.com.br, filial.com\nempresa.com.br ')).toEqual(['empresa.com.br', 'filial.com'])
  })

  it('takes a store manager of no store, and asks for the secret only while none is kept', () => {
    expect(issues(false, {})).toEqual([])
    expect(issues(false, { clientSecret: ' ' })).toEqual([ssoMessages.clientSecret])
    expect(issues(true, { clientSecret: '' })).toEqual([])
  })

  it('refuses what the server would', () => {
    expect(issues(false, { issuer: 'http://idp.example.com' })).toEqual([ssoMessages.issuer])
    expect(issues(false, { issuer: 'http://localhost:9998/' })).toEqual([])
    expect(issues(false, { clientId: ' ' })).toEqual([ssoMessages.clientId])
    expect(issues(false, { domains: ' , ' })).toEqual([ssoMessages.domains])
    expect(issues(false, { domains: 'sem-ponto' })).toEqual([ssoMessages.domain])
    expect(issues(false, { role: 'franchisee' })).toEqual([ssoMessages.franchiseeStores])
    expect(issues(false, { stores: ['a', 'b'] as never })).toEqual([ssoMessages.storeManagerStores])
  })

  it('sends no secret when the field is empty, and no stores for the network', () => {
    expect(toSSOInput({ ...valid, clientSecret: '', role: 'network', stores: ['a'] as never })).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'vitrine',
      clientSecret: undefined,
      domains: ['empresa.com.br'],
      role: 'network',
      stores: [],
      allowPassword: false,
    })
  })
})
