// A real MinIO server for the flows that run against S3 storage, started the
// way the Go tests start it (internal/objects/miniotest).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './server.ts'
import { exitOf, stopChild } from './process.ts'

export interface MinioServer {
  /** STORAGE_URL of a bucket on this server (the bucket itself is made by bin/vitrine). */
  storageURL: string
  endpoint: string
  stop(): Promise<void>
}

const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile()

/**
 * The MinIO server program: $MINIO_BIN when set (null when it names no file),
 * else $VITRINE_TOOLS/minio or ~/.cache/vitrine-tools/minio
 * (scripts/ensure-minio.sh), else minio on PATH; null when there is none.
 */
export function minioBinary(): string | null {
  if (process.env.MINIO_BIN) return isFile(process.env.MINIO_BIN) ? process.env.MINIO_BIN : null
  const candidates = [path.join(os.homedir(), '.cache/vitrine-tools/minio'), '/root/.cache/vitrine-tools/minio']
  if (process.env.VITRINE_TOOLS) candidates.unshift(path.join(process.env.VITRINE_TOOLS, 'minio'))
  const found = candidates.find(isFile)
  if (found) return found
  try {
    return execFileSync('sh', ['-c', 'command -v minio'], { encoding: 'utf8' }).trim() || null
  } catch {
    return null
  }
}

export const NO_MINIO = 'no MinIO server binary: run scripts/ensure-minio.sh (or set MINIO_BIN) to run the media flows against S3 storage'

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/** Starts MinIO on a free port with a temporary data folder and waits until it is ready. */
export async function startMinio(binary: string, logFile: string): Promise<MinioServer> {
  const [port, consolePort] = [await freePort(), await freePort()]
  const endpoint = `127.0.0.1:${port}`
  const accessKey = 'vitrinee2e'
  const secretKey = 'vitrinee2e-secret'
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-minio-'))
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.openSync(logFile, 'w')
  const child = spawn(binary, ['server', '--quiet', '--address', endpoint, '--console-address', `127.0.0.1:${consolePort}`, dataDir], {
    env: {
      ...process.env,
      MINIO_ROOT_USER: accessKey,
      MINIO_ROOT_PASSWORD: secretKey,
      MINIO_BROWSER: 'off',
      MINIO_UPDATE: 'off',
    },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  const exited = exitOf(child)
  const stop = async () => {
    await stopChild(child, exited)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`MinIO (${binary}) exited before it was ready:\n${tail(logFile)}`)
    }
    try {
      if ((await fetch(`http://${endpoint}/minio/health/ready`)).status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`MinIO was not ready after 60 s:\n${tail(logFile)}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const storageURL = `s3://${accessKey}:${secretKey}@${endpoint}/media?secure=false&region=us-east-1`
  return { storageURL, endpoint, stop }
}
