// Whether a TV is online, by the product's rule: Offline when the player is
// not connected, or when its last acknowledgement is older than six minutes
// of server time. serverDiff (local clock minus server clock) turns the local
// clock into the server's, so a wrong clock on the operator's computer does
// not flip the status. The server applies the same rule (internal/display,
// Offline); both run api/offline-cases.json.

export const OFFLINE_AFTER_MS = 6 * 60 * 1000

export type DisplayStatus = 'online' | 'offline'

export type ConnectionInfo = { connected: boolean; lastConnectionAck: number }

export function displayStatus(display: ConnectionInfo, serverDiff: number, now: number = Date.now()): DisplayStatus {
  if (!display.connected || !display.lastConnectionAck) return 'offline'
  const serverNow = now - serverDiff
  return serverNow - display.lastConnectionAck > OFFLINE_AFTER_MS ? 'offline' : 'online'
}

export function countOffline(displays: ConnectionInfo[], serverDiff: number, now: number = Date.now()) {
  return displays.filter((display) => displayStatus(display, serverDiff, now) === 'offline').length
}

export const statusLabels: Record<DisplayStatus, string> = { online: 'Online', offline: 'Offline' }
