package httpapi

import (
	"net/http"
	"strings"
)

// securityHeaders are sent with every answer: no MIME sniffing, no framing
// by other sites (clickjacking), no full URLs leaked to other sites, and a
// Content-Security-Policy that lets the console load its own code and styles,
// the media from their store, and nothing else — but images from any https
// site: a footer's logo and coin icons are addresses an operator types in
// (spec 2 §3), shown by the console's previews and by the TV players.
func (s *Server) securityHeaders() http.Header {
	origins := ""
	if s.Media != nil {
		if o := s.Media.Store().Origins(); len(o) > 0 {
			origins = " " + strings.Join(o, " ")
		}
	}
	h := http.Header{}
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Content-Security-Policy", strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		// Radix positions popovers and menus with inline styles.
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:" + origins + " https:",
		"media-src 'self' blob:" + origins,
		"connect-src 'self'" + origins,
		"font-src 'self' data:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; "))
	return h
}

func setHeaders(w http.ResponseWriter, h http.Header) {
	dst := w.Header()
	for k, v := range h {
		dst[k] = v
	}
}
