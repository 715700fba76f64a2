package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"
)

// cpuProfile starts a CPU profile of s, written to file once stop is
// called (or after most at the latest), and returns stop, which waits
// until the file is written. The profile must end at a moment the run
// chooses (every player has the override's clear), not after a number of
// seconds fixed beforehand.
func (s *server) cpuProfile(file string, most time.Duration) (stop func() error, err error) {
	return profileUntil(s.profiles, file, most)
}

// profileUntil asks base's /debug/pprof/profile (Go's net/http/pprof) for
// a CPU profile of up to most, and ends it early on stop: it closes its
// side of the connection for writing, which ends the request's context on
// the server (the handler stops profiling when its request's context is
// done) while the server can still write the profile back.
func profileUntil(base, file string, most time.Duration) (stop func() error, err error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		return nil, err
	}
	tcp, ok := conn.(*net.TCPConn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("CPU profile: %s is not a TCP address", u.Host)
	}
	secs := max(int(most.Round(time.Second)/time.Second), 1)
	req, err := http.NewRequest("GET", base+"/debug/pprof/profile?seconds="+strconv.Itoa(secs), nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if err := req.Write(conn); err != nil {
		conn.Close()
		return nil, err
	}
	done := make(chan error, 1)
	go func() {
		done <- func() error {
			defer conn.Close()
			res, err := http.ReadResponse(bufio.NewReader(conn), req)
			if err != nil {
				return err
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("CPU profile: %s", res.Status)
			}
			f, err := os.Create(file)
			if err != nil {
				return err
			}
			n, err := io.Copy(f, res.Body)
			if err == nil && n == 0 {
				err = errors.New("CPU profile: empty answer")
			}
			return errors.Join(err, f.Close())
		}()
	}()
	var once sync.Once
	var result error
	return func() error {
		once.Do(func() {
			if err := tcp.CloseWrite(); err != nil {
				result = err
				conn.Close()
			}
			select {
			case err := <-done:
				result = errors.Join(result, err)
			case <-time.After(30 * time.Second):
				conn.Close()
				result = errors.Join(result, errors.New("CPU profile: no answer 30 s after it was ended"))
			}
		})
		return result
	}, nil
}
