// Names shared by the global setup (which starts the server and the SMTP
// server) and the test workers (which read them from the environment).

export const ADMIN_EMAIL = 'admin@vitrine.test'
// Satisfies the password rule of spec 1 section 5.
export const ADMIN_PASSWORD = 'Vitrine#Admin2026'

/**
 * A second administrator (dispA and userA), for impersonating an administrator.
 * The API cannot grant permissions, so the global setup has the server create
 * it at a first start on the same data folder.
 */
export const SECOND_ADMIN = { email: 'admin2@vitrine.test', password: 'Vitrine#Admin2027' } as const

/** Environment variables the global setup sets for the workers. */
export const ENV = {
  baseURL: 'VITRINE_E2E_BASE_URL',
  mailURL: 'VITRINE_E2E_MAIL_URL',
  /** The harness's SMTP server, for servers the workers start themselves (S3 storage). */
  smtpURL: 'VITRINE_E2E_SMTP_URL',
  /** The bin/vitrine the run uses. */
  binary: 'VITRINE_E2E_BINARY',
} as const

export function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is not set: run the browser tests with "npm run e2e" so the global setup starts the server`)
  }
  return value
}
