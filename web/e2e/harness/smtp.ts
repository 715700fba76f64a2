// The harness's mail server: accepts every message over SMTP on 127.0.0.1 and
// keeps it in memory. Test workers run in other processes, so the kept mails
// are also served as JSON over HTTP (GET /mails).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { linksOf, parseMail } from './mime.ts'

export interface StoredMail {
  /** Envelope recipients, lower-cased. */
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  links: string[]
  /** Milliseconds since the epoch at which the message was received. */
  receivedAt: number
}

export interface MailServer {
  smtpPort: number
  /** Base address of the JSON view, e.g. http://127.0.0.1:1234 */
  httpURL: string
  mails: StoredMail[]
  close(): Promise<void>
}

export async function startMailServer(): Promise<MailServer> {
  const mails: StoredMail[] = []
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'))
        const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        mails.push({
          ...parsed,
          to: envelope.length ? envelope : parsed.to,
          links: linksOf(parsed),
          receivedAt: Date.now(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(0, '127.0.0.1', () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const web = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/mails') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(mails))
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  const httpPort = (web.address() as AddressInfo).port

  return {
    smtpPort,
    httpURL: `http://127.0.0.1:${httpPort}`,
    mails,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      await new Promise<void>((resolve) => web.close(() => resolve()))
    },
  }
}
