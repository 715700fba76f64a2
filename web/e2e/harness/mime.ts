// A small MIME reader: enough to read the mails the server sends (plain text
// and HTML parts, quoted-printable or base64, encoded-word subjects).

export interface ParsedMail {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
}

interface Part {
  headers: Map<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end < 0 ? normalized : normalized.slice(0, end)
  const body = end < 0 ? '' : normalized.slice(end + 2)
  const headers = new Map<string, string>()
  // Folded header lines start with white space and continue the previous one.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function param(header: string, name: string): string | undefined {
  const m = header.match(new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'))
  return m ? (m[1] ?? m[2]) : undefined
}

function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

function quotedPrintable(s: string, charset?: string, underscoreIsSpace = false): string {
  const soft = s.replace(/=\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else if (underscoreIsSpace && c === '_') {
      bytes.push(0x20)
    } else {
      bytes.push(...new TextEncoder().encode(c))
    }
  }
  return decodeBytes(Uint8Array.from(bytes), charset)
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase()
  const charset = param(part.headers.get('content-type') ?? '', 'charset')
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset)
  if (encoding === 'quoted-printable') return quotedPrintable(part.body, charset)
  return part.body
}

/** Decodes RFC 2047 encoded words such as =?UTF-8?Q?Recupera=C3=A7=C3=A3o?=. */
export function decodeWords(s: string): string {
  return s
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? decodeBytes(Buffer.from(text, 'base64'), charset)
        : quotedPrintable(text, charset, true),
    )
}

function collect(part: Part, out: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = param(type, 'boundary')
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = part.body.split(`--${boundary}`)
    // chunks[0] is the preamble; the last one starts with "--" (the epilogue).
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break
      collect(splitPart(chunk.replace(/^\n/, '')), out)
    }
    return
  }
  if (/^text\/html/i.test(type)) out.html += decodeBody(part)
  else if (/^text\//i.test(type)) out.text += decodeBody(part)
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw)
  const out = { text: '', html: '' }
  collect(root, out)
  const addresses = (h: string | undefined) =>
    (h ?? '').match(/[^\s<>,";]+@[^\s<>,";]+/g)?.map((a) => a.toLowerCase()) ?? []
  return {
    from: decodeWords(root.headers.get('from') ?? ''),
    to: addresses(root.headers.get('to')),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
  }
}

/** Every http(s) link in the mail, HTML entities decoded, without duplicates. */
export function linksOf(mail: { text: string; html: string }): string[] {
  const found = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? []
  return [...new Set(found.map((l) => l.replace(/&amp;/g, '&').replace(/[.,;]+$/, '')))]
}
