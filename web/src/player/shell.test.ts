// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { assetsOf } from './shell'

describe('assetsOf', () => {
  it("lists the built page's scripts and styles", () => {
    const html = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/player-ahP0dfcS.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/player-BP78oLgh.css">
    <link rel="icon" href="/favicon.svg"></head><body><div id="player"></div></body></html>`
    expect(assetsOf(html)).toEqual(['/assets/player-ahP0dfcS.js', '/assets/player-BP78oLgh.css'])
    expect(assetsOf('<p>nada</p>')).toEqual([])
  })
})
