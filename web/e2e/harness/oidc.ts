// A real OpenID Provider for the single sign-on flow, started the way the Go
// tests start it (internal/auth/oidctest): the example OpenID Provider of
// github.com/zitadel/oidc, built by scripts/ensure-oidc-provider.sh, with its
// own login page, its users from a JSON file and the redirect URIs it accepts.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './server.ts'
import { exitOf, stopChild } from './process.ts'

/** The provider's version scripts/ensure-oidc-provider.sh builds. */
export const OIDC_PROVIDER_VERSION = 'v3.52.0'
/** The confidential client the provider knows. */
export const OIDC_CLIENT = { id: 'web', secret: 'secret' } as const

export interface OidcUser {
  ID: string
  Username: string
  Password: string
  FirstName: string
  LastName: string
  Email: string
  EmailVerified: boolean
}

export interface OidcProvider {
  /** http://localhost:PORT/ */
  issuer: string
  stop(): Promise<void>
}

const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile()

/** The provider program: $OIDC_PROVIDER_BIN, else $VITRINE_TOOLS or ~/.cache/vitrine-tools; null when there is none. */
export function oidcProviderBinary(): string | null {
  if (process.env.OIDC_PROVIDER_BIN) return isFile(process.env.OIDC_PROVIDER_BIN) ? process.env.OIDC_PROVIDER_BIN : null
  const name = `oidc-provider-${OIDC_PROVIDER_VERSION}`
  const candidates = [path.join(os.homedir(), '.cache/vitrine-tools', name), path.join('/root/.cache/vitrine-tools', name)]
  if (process.env.VITRINE_TOOLS) candidates.unshift(path.join(process.env.VITRINE_TOOLS, name))
  return candidates.find(isFile) ?? null
}

export const NO_OIDC_PROVIDER = 'no OpenID Provider binary: run scripts/ensure-oidc-provider.sh (make test-e2e does) to run the single sign-on flow'

/** Starts the provider on a free port with `users`, accepting `redirectURIs`, and waits for its discovery document. */
export async function startOidcProvider(binary: string, users: OidcUser[], redirectURIs: string[]): Promise<OidcProvider> {
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-oidc-'))
  const usersFile = path.join(dir, 'users.json')
  fs.writeFileSync(usersFile, JSON.stringify(Object.fromEntries(users.map((u) => [u.ID, u]))))
  const log = fs.openSync(path.join(dir, 'provider.log'), 'w')
  const child = spawn(binary, [], {
    env: { ...process.env, PORT: String(port), USERS_FILE: usersFile, REDIRECT_URI: redirectURIs.join(',') },
    stdio: ['ignore', log, log],
  })
  const exited = exitOf(child)
  const issuer = `http://localhost:${port}/`
  const stop = async () => {
    await stopChild(child, exited)
    fs.closeSync(log)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      const res = await fetch(`${issuer}.well-known/openid-configuration`)
      if (res.ok) return { issuer, stop }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const out = fs.readFileSync(path.join(dir, 'provider.log'), 'utf8')
      await stop()
      throw new Error(`the OpenID Provider did not answer:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}
