package httpapi

import (
	"errors"
	"os"
	"syscall"
)

// descriptors tells how many file descriptors the process may open (its
// RLIMIT_NOFILE) and how many it holds now, read from /proc/self/fd. ok is
// false when either cannot be told; a process out of descriptors (it cannot
// even open the listing) holds them all.
func descriptors() (open, limit int, ok bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur == 0 || rl.Cur > 1<<31 {
		return 0, 0, false
	}
	limit = int(rl.Cur)
	dir, err := os.Open("/proc/self/fd")
	if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
		return limit, limit, true
	}
	if err != nil {
		return 0, 0, false
	}
	defer dir.Close()
	for {
		names, err := dir.Readdirnames(512)
		open += len(names)
		if err != nil {
			break
		}
	}
	return open - 1, limit, true // the listing's own descriptor is not the server's
}
