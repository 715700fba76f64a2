// The test side of the harness's SMTP server: waits for a mail to an address.
import type { StoredMail } from './smtp.ts'

export interface Mail extends StoredMail {
  /** The first link matching the wait's `link` pattern (or the first link). */
  link: string
  /** The `code` query parameter of that link, if any. */
  code: string | undefined
}

export interface WaitOptions {
  /** Only mails received at or after this time (ms since the epoch). Default: when the test started. */
  since?: number
  /** Only mails with a link matching this, e.g. /\/reset\/password\/new\?code=/ */
  link?: RegExp
  /** Only mails whose subject matches this. */
  subject?: RegExp
  timeout?: number
}

export class Mailbox {
  constructor(
    private readonly url: string,
    private readonly defaultSince: number,
  ) {}

  /** Every mail kept so far, oldest first. */
  async all(): Promise<StoredMail[]> {
    const res = await fetch(`${this.url}/mails`)
    if (!res.ok) throw new Error(`mail server answered ${res.status}`)
    return (await res.json()) as StoredMail[]
  }

  /** Waits for the newest mail to `to` that matches; polls until the timeout. */
  async waitFor(to: string, opts: WaitOptions = {}): Promise<Mail> {
    const address = to.toLowerCase()
    const since = opts.since ?? this.defaultSince
    const timeout = opts.timeout ?? 15_000
    const deadline = Date.now() + timeout
    for (;;) {
      const mails = (await this.all()).filter(
        (m) =>
          m.to.includes(address) &&
          m.receivedAt >= since &&
          (!opts.subject || opts.subject.test(m.subject)) &&
          (!opts.link || m.links.some((l) => opts.link!.test(l))),
      )
      const mail = mails.at(-1)
      if (mail) {
        const link = (opts.link ? mail.links.find((l) => opts.link!.test(l)) : mail.links[0]) ?? ''
        let code: string | undefined
        try {
          code = new URL(link).searchParams.get('code') ?? undefined
        } catch {
          code = undefined
        }
        return { ...mail, link, code }
      }
      if (Date.now() > deadline) {
        const seen = (await this.all()).map((m) => `${m.to.join(',')}: ${m.subject}`)
        throw new Error(`no mail to ${to} within ${timeout} ms; mails received: ${seen.length ? seen.join(' | ') : 'none'}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}
