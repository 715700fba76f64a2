// Starts the real bin/vitrine on a free port with a fresh data folder (or a
// given one, which then outlives the server).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { exitOf, stopChild } from './process.ts'

export interface VitrineServer {
  baseURL: string
  dataDir: string
  logFile: string
  stop(): Promise<void>
}

export interface StartOptions {
  binary: string
  logFile: string
  env: Record<string, string>
  /** Called with the chosen base URL, to build environment values that need it. */
  envFor?: (baseURL: string) => Record<string, string>
  /** Data folder to use and keep; by default a fresh one, removed at stop. */
  dataDir?: string
  /** Port to listen on (to start a server again where its clients expect it); by default a free one. */
  port?: number
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

async function waitHealthy(baseURL: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`bin/vitrine exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail(logFile)}`)
    }
    try {
      const res = await fetch(`${baseURL}/api/health`)
      if (res.status === 200) return
      last = `status ${res.status}`
    } catch (err) {
      last = String(err)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`bin/vitrine was not healthy after ${timeoutMs} ms (${last}):\n${tail(logFile)}`)
}

export async function startVitrine(opts: StartOptions): Promise<VitrineServer> {
  if (!fs.existsSync(opts.binary)) {
    throw new Error(`${opts.binary} not found: build it first ("make build" in the repository root, or use "make test-e2e")`)
  }
  const port = opts.port ?? (await freePort())
  const baseURL = `http://127.0.0.1:${port}`
  const ownsData = !opts.dataDir
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'))
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true })
  const log = fs.openSync(opts.logFile, 'w')
  const child = spawn(opts.binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      TMPDIR: process.env.TMPDIR ?? os.tmpdir(),
      VITRINE_PUBLIC_URL: baseURL,
      // Every flow announces its TV boxes from this one address.
      VITRINE_NEW_DEVICES_PER_ADDRESS: '0',
      ...opts.env,
      ...opts.envFor?.(baseURL),
    },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  const exited = exitOf(child)

  const stop = async () => {
    await stopChild(child, exited)
    if (ownsData && !process.env.VITRINE_E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitHealthy(baseURL, child, opts.logFile, 20_000)
  } catch (err) {
    await stop()
    throw err
  }
  return { baseURL, dataDir, logFile: opts.logFile, stop }
}
