import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from './app'
import { FooterBar } from './footer-bar'
import type { BottomBar } from './protocol'
import { entry, fakeFetch, fakeMedia, makeSession, schedule, SCREEN } from './testing'

const T0 = Date.parse('2026-03-02T10:00:00-03:00')
const HELLO = '/api/device/hello'

const bar: BottomBar = {
  height: 80,
  bgColor: '#112233',
  color: '#ffffff',
  fSize: 24,
  fWeight: 600,
  logo: 'https://example.com/logo.png',
  clock: { color: '#ff0000', fSize: 44 },
  weather: { fontSize: 36 },
  quote: {
    coins: [{ asset: 'USD', symbol: '$' }, { asset: 'EUR', symbol: '€' }],
    style: { gap: 30, fontSize: 32, green: '#00aa00', red: '#bb0000' },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
  // jsdom plays nothing; a kiosk browser allows sound, as here, or refuses it.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

async function started(hello: object) {
  const { fetch } = fakeFetch({ [HELLO]: { status: 200, body: hello } })
  const s = makeSession({ fetch })
  render(<App session={s.session} media={s.media} />)
  await act(async () => {
    s.session.start()
    await vi.advanceTimersByTimeAsync(0)
  })
  return s
}

describe('the player screen', () => {
  it('shows the device code very large with what to do with it', async () => {
    await started({ device: 'K7M3QX', token: 'tok', paired: false })
    expect(screen.getByText('K7M3QX')).toHaveClass('pairing-code')
    expect(screen.getByText(/Digite este código em .Adicionar Televisor. no painel Vitrine/)).toBeInTheDocument()
  })

  it('says it is connecting, then that the server is unreachable', async () => {
    const { fetch } = fakeFetch({ [HELLO]: 'network-error' })
    const { session, media } = makeSession({ fetch })
    render(<App session={session} media={media} />)
    expect(screen.getByText('Conectando ao servidor…')).toBeInTheDocument()
    await act(async () => {
      session.start()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByText('Sem conexão com o servidor. Tentando novamente…')).toBeInTheDocument()
    session.stop()
  })

  it('plays the playlist on a stage turned by the screen orientation, and identifies the TV', async () => {
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    await act(async () => {
      s.last().open()
      s.last().push({ type: 'playlist', serverTime: T0, screen: { ...SCREEN, contentOrientation: 1 }, schedule: schedule() })
      await vi.advanceTimersByTimeAsync(0)
    })
    const stage = document.querySelector('[data-stage]')
    expect(stage).toHaveClass('stage', 'r90')
    const img = stage?.querySelector('img')
    expect(img).toHaveAttribute('src', '/files/loja-demo/promo.jpg')
    const layer = img?.closest('[data-layer]')
    expect(layer).toHaveAttribute('data-ready', 'false')
    fireEvent.load(img!)
    expect(layer).toHaveAttribute('data-ready', 'true')

    // The image's 10 s end: the video comes next, at the entry's volume.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000)
    })
    const video = stage?.querySelector('video')
    expect(video).toHaveAttribute('src', 'https://cdn.example.com/loja-demo/video.mp4')
    expect(video?.volume).toBe(0.5)
    expect(video?.muted).toBe(false)

    await act(async () => {
      s.last().push({ type: 'command', id: 'job', operation: 'identifyDevice' })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByRole('status')).toHaveTextContent('TV Vitrine da Entrada')
    s.session.stop()
  })

  it("plays its store's approved items in a local space, caches their files, and the fallback for a store with none", async () => {
    const space = entry({ id: 'space', name: 'Recados da loja', isLocal: true, displayTime: 5, localTime: 5, localFallbackMediaId: 'm-vid' })
    const local = {
      spaces: { space: [{ id: 'li-1', mediaId: 'lm-1' }] },
      media: { 'lm-1': { name: 'Horário de feriado', type: 'image' as const, url: '/files/loja-demo/local/feriado.jpg' } },
    }
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    await act(async () => {
      s.last().open()
      s.last().push({ type: 'playlist', serverTime: T0, screen: { ...SCREEN, local }, schedule: schedule({ entries: [entry({ id: 'm-img', displayTime: 10 }), space] }) })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(s.media.synced.at(-1)).toContain('/files/loja-demo/local/feriado.jpg')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000)
    })
    expect(document.querySelector('[data-stage] img[src="/files/loja-demo/local/feriado.jpg"]')).not.toBeNull()
    // Without the store's items, the space plays its fallback.
    await act(async () => {
      s.last().push({ type: 'playlist', serverTime: T0 + 15_000, screen: SCREEN, schedule: schedule({ hash: 'h2', entries: [space, entry({ id: 'm-img', displayTime: 10 })] }) })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(document.querySelector('[data-stage] video[src="https://cdn.example.com/loja-demo/video.mp4"]')).not.toBeNull()
    s.session.stop()
  })

  it('plays a video muted when the browser refuses sound without a gesture', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play')
    play.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'))
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    await act(async () => {
      s.last().open()
      s.last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: schedule({ entries: [entry({ id: 'm-vid', displayTime: 20, volume: 1 })] }) })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(play).toHaveBeenCalledTimes(2)
    expect(document.querySelector('video')?.muted).toBe(true)
    s.session.stop()
  })

  // Monday 2026-03-02: the store opens at 10:01, a minute after T0.
  const opensAt1001 = {
    week: [[], [{ start: '10:01', end: '18:00' }], [], [], [], [], []],
    exceptions: [],
  }

  it('rests on a black screen while the store is closed, then plays from the opening', async () => {
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    await act(async () => {
      s.last().open()
      s.last().push({
        type: 'playlist',
        serverTime: T0,
        screen: { ...SCREEN, hours: opensAt1001, whenClosed: 'rest' },
        schedule: schedule({ bottomBar: bar }),
      })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(document.querySelector('[data-rest]')).not.toBeNull()
    expect(document.querySelector('[data-stage]')).toBeNull()
    expect(document.querySelector('img, video, footer')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('Loja fechada: o televisor descansa até a abertura.')

    // Offline too: the player's own clock reopens the store.
    s.last().drop(1006)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(document.querySelector('[data-rest]')).toBeNull()
    expect(document.querySelector('[data-stage] img')).toHaveAttribute('src', '/files/loja-demo/promo.jpg')
    expect(document.querySelector('footer')).not.toBeNull()
    s.session.stop()
  })

  it('shows an emergency override over schedule and footer, a resting screen too, and ends it on its own clock offline', async () => {
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    const override = {
      id: 'ov1', title: 'Evacuação', text: 'Saia pela porta lateral.', background: '#000000', color: '#FFFF00',
      media: null, start: T0 + 5_000, end: T0 + 65_000,
    }
    await act(async () => {
      s.last().open()
      s.last().push({
        type: 'playlist',
        serverTime: T0,
        screen: { ...SCREEN, hours: opensAt1001, whenClosed: 'rest' },
        overrides: [override],
        schedule: schedule({ bottomBar: bar }),
      })
      await vi.advanceTimersByTimeAsync(0)
    })
    // Scheduled: the screen rests until it starts.
    expect(document.querySelector('[data-rest]')).not.toBeNull()
    expect(document.querySelector('[data-override]')).toBeNull()
    const acks = s.last().frames().filter((f) => f.type === 'ack')
    expect(acks[acks.length - 1]).toEqual({ type: 'ack', hash: expect.any(String), overrides: ['ov1'] })

    s.last().drop(1006) // offline from here on: the clock alone starts and ends it
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    const shown = document.querySelector('[data-override]')
    expect(shown).not.toBeNull()
    expect(screen.getByRole('alert')).toHaveTextContent('Evacuação')
    expect(screen.getByRole('alert')).toHaveTextContent('Saia pela porta lateral.')
    expect(shown).toHaveStyle({ background: '#000000', color: '#FFFF00' })
    expect(document.querySelector('[data-rest], footer, [data-layer]')).toBeNull()

    // Its end, at 10:01:05: the store is open by then, the schedule plays with its footer.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(document.querySelector('[data-override]')).toBeNull()
    expect(document.querySelector('[data-stage] img')).toHaveAttribute('src', '/files/loja-demo/promo.jpg')
    expect(document.querySelector('footer')).not.toBeNull()
    s.session.stop()
  })

  it('drops an override a push takes away', async () => {
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    const override = { id: 'ov1', title: 'Atenção', text: '', background: '#B91C1C', color: '#FFFFFF', media: null, start: T0, end: 0 }
    await act(async () => {
      s.last().open()
      s.last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, overrides: [override], schedule: schedule() })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Atenção')
    await act(async () => {
      // The clear: the same screen, the overrides beside it.
      s.last().push({ type: 'playlist', serverTime: T0 + 1_000, screen: 'same', overrides: [], schedule: schedule() })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(document.querySelector('[data-override]')).toBeNull()
    expect(document.querySelector('[data-stage] img')).not.toBeNull()
    s.session.stop()
  })

  it('keeps playing while the store is closed when told to', async () => {
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    await act(async () => {
      s.last().open()
      s.last().push({ type: 'playlist', serverTime: T0, screen: { ...SCREEN, hours: opensAt1001, whenClosed: 'play' }, schedule: schedule() })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(document.querySelector('[data-rest]')).toBeNull()
    expect(document.querySelector('[data-stage] img')).not.toBeNull()
    s.session.stop()
  })

  it('tells a TV without a schedule apart from a dark one', async () => {
    const s = await started({ device: 'K7M3QX', token: 'tok', paired: true })
    expect(screen.getByText('Aguardando a programação do televisor…')).toBeInTheDocument()
    await act(async () => {
      s.last().open()
      s.last().push({ type: 'playlist', serverTime: T0, screen: SCREEN, schedule: null })
    })
    expect(screen.getByText('Nenhuma programação vinculada a este televisor.')).toBeInTheDocument()
    s.session.stop()
  })
})

describe('the footer', () => {
  const now = () => T0

  it("draws the footer's sizes and colours, the clock on the screen's wall clock, weather and quotes", async () => {
    const data = {
      weather: { city: 'Campinas', temperature: 27.2, min: 19, max: 30, code: 2, description: 'Parcialmente nublado' },
      quotes: [
        { asset: 'USD', bid: 5.31, pctChange: 0.12 },
        { asset: 'EUR', bid: 6.2, pctChange: -0.4 },
      ],
    }
    const { container } = render(<FooterBar bar={bar} data={data} timeZone="America/Manaus" now={now} media={fakeMedia()} />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    const footer = container.querySelector('footer')!
    expect(footer).toHaveStyle({ height: '80px', backgroundColor: '#112233', color: '#ffffff', fontSize: '24px', fontWeight: '600' })
    expect(container.querySelector('img.logo')).toHaveAttribute('src', 'https://example.com/logo.png')
    expect(screen.getByText('09:00')).toHaveStyle({ color: '#ff0000', fontSize: '44px' })
    expect(screen.getByText('☁ 27°C')).toHaveStyle({ fontSize: '36px' })
    expect(screen.getByText('USD R$ 5,31 ▲').parentElement).toHaveStyle({ color: '#00aa00' })
    const eur = screen.getByText('EUR R$ 6,20 ▼').parentElement!
    expect(eur).toHaveStyle({ color: '#bb0000', marginLeft: '30px' })
    expect(eur.parentElement).toHaveStyle({ fontSize: '32px' })
  })

  it('hides the widgets whose data is absent, and those the footer leaves out', () => {
    render(<FooterBar bar={{ ...bar, logo: undefined, clock: undefined }} data={{ quotes: [{ asset: 'USD', bid: 5, pctChange: 0 }] }} timeZone="America/Sao_Paulo" now={now} media={fakeMedia()} />)
    expect(screen.queryByText(/°C/)).toBeNull()
    expect(screen.queryByText('10:00')).toBeNull()
    expect(screen.getByText('USD R$ 5,00 ▲')).toBeInTheDocument()
    expect(screen.queryByText(/EUR/)).toBeNull()
  })

  it('turns the clock with the minute', async () => {
    let moment = T0 + 59_000
    render(<FooterBar bar={bar} data={null} timeZone="America/Sao_Paulo" now={() => moment} media={fakeMedia()} />)
    expect(screen.getByText('10:00')).toBeInTheDocument()
    moment = T0 + 61_000
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100)
    })
    expect(screen.getByText('10:01')).toBeInTheDocument()
  })
})
