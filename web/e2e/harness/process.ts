// Child processes the harness starts (the server, MinIO): stopped politely,
// then for good.
import type { ChildProcess } from 'node:child_process'

/** A promise that settles when child exits. */
export function exitOf(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => child.once('exit', () => resolve()))
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the child has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}
