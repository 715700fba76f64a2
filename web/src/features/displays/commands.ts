import type { DisplayCommand, DisplayCommandStatus } from './api/types'

/** The remote commands of a TV box, in menu order, with their labels. */
export const displayCommands: { operation: DisplayCommand; label: string; description: string }[] = [
  { operation: 'restartDevice', label: 'Reiniciar dispositivo', description: 'O TV box será reiniciado e a exibição será interrompida por alguns instantes.' },
  { operation: 'screenshot', label: 'Capturar tela', description: 'O TV box enviará uma captura do que está na tela.' },
  { operation: 'recordVideo', label: 'Gravar vídeo', description: 'O TV box enviará um vídeo curto do que está na tela.' },
  { operation: 'identifyDevice', label: 'Identificar dispositivo', description: 'O nome e o código do televisor aparecerão na tela.' },
  { operation: 'identifyVersion', label: 'Identificar versão', description: 'O TV box informará a versão do player.' },
  { operation: 'clearSchedule', label: 'Limpar programação', description: 'A programação guardada no TV box será apagada e baixada de novo.' },
  { operation: 'clearDb', label: 'Limpar banco de dados', description: 'Os dados locais do TV box serão apagados.' },
  { operation: 'clearMedia', label: 'Limpar mídias', description: 'As mídias guardadas no TV box serão apagadas e baixadas de novo.' },
]

/** The menu's label of an operation ('Capturar tela'…). */
export function commandLabel(operation: DisplayCommand) {
  return displayCommands.find((c) => c.operation === operation)?.label ?? operation
}

/** How the results dialog names the state of a command job. */
export const commandStatusLabels: Record<DisplayCommandStatus, string> = {
  sent: 'Enviado',
  done: 'Concluído',
  failed: 'Falhou',
  timeout: 'Sem resposta',
  queued: 'Na fila',
}

/** Why the box commands of a TV are disabled. */
export const NOT_CONNECTED = 'O player deste televisor não está conectado: os comandos ficam disponíveis quando ele se conectar.'

export const ACCESS_DENIED = { title: 'Acesso negado', description: 'Você não possui permissão para executar este comando.' } as const
