export type ReleaseNoteType = 'feature' | 'improvement' | 'bugfix'

export type ReleaseNote = {
  id: string
  type: ReleaseNoteType
  title: string
  description: string
}

export const releaseNoteLabels: Record<ReleaseNoteType, string> = {
  feature: 'Novo',
  improvement: 'Melhoria',
  bugfix: 'Correção',
}

/** Newest first. */
export const releaseNotes: ReleaseNote[] = [
  {
    id: 'v2.6.0',
    type: 'feature',
    title: 'v2.6.0 · Volume por mídia e limite de inserções por hora',
    description:
      'Agora cada vídeo da programação tem o seu próprio volume de exibição, e você pode definir um limite de inserções por hora para que uma mídia não se repita demais na mesma tela.',
  },
  {
    id: 'v2.5.0',
    type: 'feature',
    title: 'v2.5.0 · Mídias repetidas e programações duplicadas',
    description:
      'A mesma mídia pode entrar mais de uma vez em uma programação, e uma programação inteira pode ser duplicada com um clique para servir de base a outra.',
  },
  {
    id: 'v2.4.0',
    type: 'improvement',
    title: 'v2.4.0 · Status dos televisores mais preciso',
    description:
      'O painel passou a considerar o horário do servidor para indicar quais televisores estão offline, evitando alertas falsos quando o relógio do computador está adiantado.',
  },
  {
    id: 'v2.3.1',
    type: 'bugfix',
    title: 'v2.3.1 · Faixas de horário que passam da meia-noite',
    description:
      'Corrigimos a prévia da programação para faixas de horário como 22:00 às 02:00, que agora são exibidas corretamente nos dois dias.',
  },
  {
    id: 'v2.3.0',
    type: 'feature',
    title: 'v2.3.0 · Mensagens para as lojas pelo WhatsApp',
    description:
      'Envie avisos pelo WhatsApp para os contatos das lojas selecionadas direto da Visão Geral.',
  },
]
