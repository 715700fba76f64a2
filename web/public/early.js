// The first calls of a signed-in tab, started while the console's code is
// still on its way: the session check, the user's groups and the calls of the
// page being opened. The console takes their answers over
// (src/lib/api-client.ts, startEarlyCall) instead of sending them again. A
// plain script named before the console's module in index.html, so the
// browser runs it as soon as it has arrived. Its paths are those of
// src/app/early-calls.ts (early-calls.test.tsx checks that both agree).
;(function () {
  // The theme's class on the document before anything is drawn (as
  // components/theme-provider.tsx sets it): a dark theme does not flash light
  // while the console loads, and the first draw is not styled and laid out a
  // second time when the class arrives after it.
  try {
    var theme = localStorage.getItem('vite-ui-theme')
    if (theme !== 'dark' && theme !== 'light') {
      theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
    }
    document.documentElement.classList.remove('light', 'dark')
    document.documentElement.classList.add(theme)
    document.documentElement.style.colorScheme = theme
  } catch {
    // No storage: the console sets the theme once it has loaded.
  }
})()
;(function () {
  var calls = {
    '/dashboard': function (f) { return ['/store/' + f, '/display/' + f] },
    '/medias': function (f) { return ['/media/' + f + '?only=folderMap'] },
    '/schedule': function (f) { return ['/schedule/' + f] },
    '/local': function (f) { return ['/store/' + f] },
    '/ads-center': function (f) { return ['/advertise/' + f] },
    '/ads-center/new': function (f) { return ['/advertise/' + f + '/map'] },
  }
  // The chunks of each page and of the layout around it, by page, beyond
  // those index.html names: written in by the build (vite.config.ts,
  // earlyChunks), fetched here as modulepreloads with the page's calls.
  var chunks = {}
  try {
    var token = localStorage.getItem('vitrine:token')
    var path = location.pathname
    if (!token || path.indexOf('/reset/') >= 0 || new URLSearchParams(location.search).has('code') || typeof fetch !== 'function') return
    var pagePath = path === '/' ? '/dashboard' : path
    var page = calls[pagePath]
    var franchise = localStorage.getItem('vitrine:franchise')
    var paths = ['/user/detail', '/franchise'].concat(page && franchise ? page(encodeURIComponent(franchise)) : [])
    var started = {}
    // The console's own limit for a call (REQUEST_TIMEOUT_MS).
    var stop = typeof AbortController === 'function' ? new AbortController() : null
    if (stop) setTimeout(function () { stop.abort() }, 30000)
    for (var i = 0; i < paths.length; i++) {
      started[paths[i]] = {
        token: token,
        at: Date.now(),
        response: fetch('/api' + paths[i], {
          headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
          signal: stop ? stop.signal : undefined,
        }),
      }
      started[paths[i]].response.catch(function () {})
    }
    window.__vitrineEarly = started
    var files = chunks[pagePath] || []
    for (var j = 0; j < files.length; j++) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = files[j]
      document.head.appendChild(link)
    }
  } catch {
    // No storage (a private window's settings) or no fetch: the console sends the calls itself.
  }
})()
