// Starts the harness's SMTP server and the real bin/vitrine once for the whole
// run, hands their addresses to the test workers through the environment, and
// returns the teardown.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ENV } from './env.ts'
import { startVitrine } from './server.ts'
import { startMailServer } from './smtp.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const webDir = path.resolve(here, '../..')

export default async function globalSetup() {
  const mail = await startMailServer()
  let server
  try {
    server = await startVitrine({
      binary: process.env.VITRINE_BIN ?? path.resolve(webDir, '../bin/vitrine'),
      logFile: path.join(webDir, 'test-results', 'vitrine.log'),
      env: {
        VITRINE_ADMIN_EMAIL: ADMIN_EMAIL,
        VITRINE_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
        VITRINE_LOG_LEVEL: 'debug',
        // Self sign-up is on so the e-mail verification flow can be driven end to end.
        VITRINE_OPEN_SIGNUP: '1',
      },
    })
  } catch (err) {
    await mail.close()
    throw err
  }
  process.env[ENV.baseURL] = server.baseURL
  process.env[ENV.mailURL] = mail.httpURL
  console.log(`vitrine ${server.baseURL} (log: ${path.relative(webDir, server.logFile)}), SMTP 127.0.0.1:${mail.smtpPort}`)

  return async () => {
    await server.stop()
    await mail.close()
  }
}
