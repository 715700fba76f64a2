// The player's screen: the pairing code while no TV has this box, the stage
// while there is something to play, and the overlays of remote commands.
import { useSyncExternalStore } from 'react'
import type { MediaFiles } from './media-cache'
import type { PlayerSession } from './session'
import { Stage } from './stage'
import { PLAYER_VERSION } from './version'

export function App({ session, media }: { session: PlayerSession; media: MediaFiles }) {
  const state = useSyncExternalStore(session.subscribe, session.getState)
  let content
  if (state.playlist) {
    content = <Stage playlist={state.playlist} footer={state.footer} now={session.now} media={media} onPlay={session.recordPlay} />
  } else if (state.paired === false && state.device) {
    content = <Pairing device={state.device} />
  } else if (state.paired) {
    content = <Notice text="Aguardando a programação do televisor…" />
  } else if (state.connection === 'offline') {
    content = <Notice text="Sem conexão com o servidor. Tentando novamente…" />
  } else {
    content = <Notice text="Conectando ao servidor…" />
  }
  return (
    <div className="app" data-capture-root="">
      {content}
      {state.identify && <Identify name={state.identify.name} device={state.identify.device} />}
      {state.connection === 'replaced' && (
        <p className="replaced" role="status">
          Outra conexão assumiu este televisor. Reinicie o aparelho para reconectá-lo.
        </p>
      )}
    </div>
  )
}

/** The device code, very large, and what to do with it. */
export function Pairing({ device }: { device: string }) {
  return (
    <div className="centered pairing">
      <p className="pairing-title" data-text="">
        Código do televisor
      </p>
      {/* The screen's heading: what the TV box is there to show. */}
      <h1 className="pairing-code" data-text="" aria-label={`Código ${device.split('').join(' ')}`}>
        {device}
      </h1>
      <p className="pairing-help" data-text="">
        Digite este código em &lsquo;Adicionar Televisor&rsquo; no painel Vitrine.
      </p>
      <p className="version" data-text="">
        Vitrine Player {PLAYER_VERSION}
      </p>
    </div>
  )
}

function Notice({ text }: { text: string }) {
  return (
    <div className="centered">
      <p className="notice" data-text="">
        {text}
      </p>
    </div>
  )
}

/** identifyDevice: the TV's name and code on top of everything. */
function Identify({ name, device }: { name: string; device: string }) {
  return (
    <div className="identify centered" role="status">
      {name && (
        <p className="identify-name" data-text="">
          {name}
        </p>
      )}
      <p className="identify-code" data-text="">
        {device}
      </p>
    </div>
  )
}
