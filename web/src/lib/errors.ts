// The error catalogue is shared with the Go server: api/errors.json is its only source.
import catalogue from '../../../api/errors.json'

/** Failures that never reached the server or never came back. */
export const transportFailures = ['network error', 'timeout', 'cancelled'] as const
export type TransportFailure = (typeof transportFailures)[number]

const transportMessages: Record<TransportFailure, string> = {
  'network error': 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  timeout: 'O servidor demorou demais para responder. Tente novamente.',
  cancelled: 'A solicitação foi cancelada.',
}

const codes: Record<string, string> = catalogue.codes

/** The pt-BR message for an API error code, or the catalogue's fallback. */
export function messageForCode(code: number | string | undefined | null): string {
  if (code === undefined || code === null) return catalogue.unknown
  return codes[String(code)] ?? catalogue.unknown
}

export function isKnownCode(code: number | string) {
  return String(code) in codes
}

export function messageForTransport(failure: TransportFailure) {
  return transportMessages[failure]
}

export const unknownErrorMessage = catalogue.unknown

/** API code for an expired or revoked session. */
export const SESSION_EXPIRED = 1022
