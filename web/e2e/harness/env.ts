// Names shared by the global setup (which starts the server and the SMTP
// server) and the test workers (which read them from the environment).

export const ADMIN_EMAIL = 'admin@vitrine.test'
// Satisfies the password rule of spec 1 section 5.
export const ADMIN_PASSWORD = 'Vitrine#Admin2026'

/** Environment variables the global setup sets for the workers. */
export const ENV = {
  baseURL: 'VITRINE_E2E_BASE_URL',
  mailURL: 'VITRINE_E2E_MAIL_URL',
} as const

export function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is not set: run the browser tests with "npm run e2e" so the global setup starts the server`)
  }
  return value
}
