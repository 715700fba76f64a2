//go:build !linux

package httpapi

// descriptors needs Linux's /proc/self/fd; elsewhere the streams are held
// to their per-session and per-user caps only.
func descriptors() (open, limit int, ok bool) { return 0, 0, false }
