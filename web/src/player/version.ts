// The player's version, sent in every hello and answered to identifyVersion:
// web/package.json's version, put in by vite.player.config.ts at build time.
declare const __PLAYER_VERSION__: string | undefined

export const PLAYER_VERSION: string = typeof __PLAYER_VERSION__ === 'string' ? __PLAYER_VERSION__ : 'dev'
