// A second bin/vitrine whose media live in a MinIO bucket (STORAGE_URL), for
// the media flows that must also hold with S3 storage. A worker starts it the
// first time a test asks for it (test.use({ storage: 's3' })) and stops it
// when the worker ends, so runs without such tests pay nothing.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ENV, requireEnv } from './env.ts'
import { minioBinary, NO_MINIO, startMinio, type MinioServer } from './minio.ts'
import { startVitrine, type VitrineServer } from './server.ts'

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results')

export class S3Vitrine {
  private started: Promise<{ minio: MinioServer; vitrine: VitrineServer }> | null = null

  /** The base URL of the S3-backed server, started on the first call. */
  async baseURL(): Promise<string> {
    this.started ??= this.start()
    // A failed start fails every test that asks (with the log's tail), without trying again.
    return (await this.started).vitrine.baseURL
  }

  private async start() {
    const binary = minioBinary()
    if (!binary) throw new Error(NO_MINIO)
    const minio = await startMinio(binary, path.join(resultsDir, 'minio.log'))
    try {
      const vitrine = await startVitrine({
        binary: requireEnv(ENV.binary),
        logFile: path.join(resultsDir, 'vitrine-s3.log'),
        env: {
          VITRINE_ADMIN_EMAIL: ADMIN_EMAIL,
          VITRINE_ADMIN_PASSWORD: ADMIN_PASSWORD,
          SMTP_URL: requireEnv(ENV.smtpURL),
          VITRINE_LOG_LEVEL: 'debug',
          // Media are read from the bucket's own address (no CDN); the server
          // creates the bucket and lets anyone read the library's keys.
          STORAGE_URL: minio.storageURL,
        },
      })
      return { minio, vitrine }
    } catch (err) {
      await minio.stop()
      throw err
    }
  }

  async stop() {
    if (!this.started) return
    const started = await this.started.catch(() => null)
    this.started = null
    await started?.vitrine.stop()
    await started?.minio.stop()
  }
}
