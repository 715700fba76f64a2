// Starts the harness's SMTP server and the real bin/vitrine once for the whole
// run, hands their addresses to the test workers through the environment, and
// returns the teardown. Servers with S3 storage are started by the workers
// that need them (see s3.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ENV, SECOND_ADMIN } from './env.ts'
import { startVitrine } from './server.ts'
import { startMailServer } from './smtp.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const webDir = path.resolve(here, '../..')

export default async function globalSetup() {
  const binary = process.env.VITRINE_BIN ?? path.resolve(webDir, '../bin/vitrine')
  const mail = await startMailServer()
  const smtpURL = `smtp://127.0.0.1:${mail.smtpPort}`
  const logFile = path.join(webDir, 'test-results', 'vitrine.log')
  const env = {
    SMTP_URL: smtpURL,
    VITRINE_LOG_LEVEL: 'debug',
    // Self sign-up is on so the e-mail verification flow can be driven end to end.
    VITRINE_OPEN_SIGNUP: '1',
    // Seals the single sign-on client secrets (sso.spec.ts).
    VITRINE_SECRET_KEY: 'e2e-secret-key-of-at-least-32-characters',
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'))
  const removeData = () => {
    if (!process.env.VITRINE_E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  let server
  try {
    // A first start creates the second administrator, the next one the first:
    // the server creates its administrator only when no user has that e-mail.
    const seeding = await startVitrine({
      binary,
      logFile: path.join(webDir, 'test-results', 'vitrine-seed.log'),
      dataDir,
      env: { ...env, VITRINE_ADMIN_EMAIL: SECOND_ADMIN.email, VITRINE_ADMIN_PASSWORD: SECOND_ADMIN.password },
    })
    await seeding.stop()
    server = await startVitrine({
      binary,
      logFile,
      dataDir,
      env: { ...env, VITRINE_ADMIN_EMAIL: ADMIN_EMAIL, VITRINE_ADMIN_PASSWORD: ADMIN_PASSWORD },
    })
  } catch (err) {
    await mail.close()
    removeData()
    throw err
  }
  process.env[ENV.baseURL] = server.baseURL
  process.env[ENV.mailURL] = mail.httpURL
  process.env[ENV.smtpURL] = smtpURL
  process.env[ENV.binary] = binary
  console.log(`vitrine ${server.baseURL} (log: ${path.relative(webDir, server.logFile)}), SMTP 127.0.0.1:${mail.smtpPort}`)

  return async () => {
    await server.stop()
    await mail.close()
    removeData()
  }
}
