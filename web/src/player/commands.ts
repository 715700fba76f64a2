// Remote commands (docs/device-protocol.md, "Remote commands"): what each
// operation does on the box and the answer it gives. The session posts the
// answer to POST /api/device/command/{id} and then does what must come
// after it (a reload, a reconnection).

/** An answer: JSON, or the file itself (screenshot, recordVideo). */
export type CommandAnswer = { ok: true; text?: string } | { ok: false; error: string } | { file: Blob; type: string }

/** How long recordVideo records. */
export const CLIP_MS = 5_000

/** What the commands act on, given by the session. */
export interface CommandContext {
  version: string
  /** Shows the TV's name and code on screen for a while. */
  identify(): void
  /** clearSchedule: forgets the playlist (shown and kept). */
  forgetPlaylist(): void
  /** clearDb: forgets everything kept but the box's identity. */
  forgetAll(): void
  /** clearMedia: deletes the kept files. */
  clearMedia(): Promise<void>
  /** A still of the stage (image/jpeg or image/png). */
  captureStill(): Promise<Blob>
  /** A clip of the stage (video/webm or video/mp4). */
  captureClip(ms: number): Promise<Blob>
}

/** The reason of a failure, in pt-BR when it is ours, else the browser's own words. */
export function failure(error: unknown): { ok: false; error: string } {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return { ok: false, error: text || 'Erro desconhecido no aparelho.' }
}

/** Does `operation` and says how it went. Never throws. */
export async function runCommand(operation: string, ctx: CommandContext): Promise<CommandAnswer> {
  try {
    switch (operation) {
      case 'restartDevice':
        // The session reloads once the answer is sent.
        return { ok: true }
      case 'identifyDevice':
        ctx.identify()
        return { ok: true }
      case 'identifyVersion':
        return { ok: true, text: ctx.version }
      case 'clearSchedule':
        ctx.forgetPlaylist()
        return { ok: true }
      case 'clearDb':
        ctx.forgetAll()
        return { ok: true }
      case 'clearMedia':
        await ctx.clearMedia()
        return { ok: true }
      case 'screenshot': {
        const file = await ctx.captureStill()
        return { file, type: file.type || 'image/png' }
      }
      case 'recordVideo': {
        const file = await ctx.captureClip(CLIP_MS)
        return { file, type: (file.type || 'video/webm').split(';')[0] }
      }
      default:
        return { ok: false, error: `Comando desconhecido: ${operation}.` }
    }
  } catch (error) {
    return failure(error)
  }
}

/** The request that carries an answer. */
export function answerRequest(answer: CommandAnswer, token: string): RequestInit {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
  if ('file' in answer) {
    headers['Content-Type'] = answer.type
    return { method: 'POST', headers, body: answer.file }
  }
  headers['Content-Type'] = 'application/json'
  return { method: 'POST', headers, body: JSON.stringify(answer) }
}
