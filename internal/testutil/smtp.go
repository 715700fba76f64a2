package testutil

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
)

// Mail is one message received by the SMTP server.
type Mail struct {
	From string
	To   []string
	Data []byte // the message as transmitted, dot-unstuffed
}

// Content is a received mail decoded: headers and its text and HTML bodies.
type Content struct {
	Header  mail.Header
	Subject string
	Text    string
	HTML    string
}

// Decode parses the message, decoding encoded words, multipart
// alternatives and quoted-printable or base64 bodies.
func (m Mail) Decode(t testing.TB) Content {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
	if err != nil {
		t.Fatalf("received mail is not a message: %v\n%s", err, m.Data)
	}
	c := Content{Header: msg.Header}
	dec := new(mime.WordDecoder)
	if c.Subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatalf("subject: %v", err)
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v", err)
	}
	add := func(mediaType, encoding string, body io.Reader) {
		text := decodeBody(t, encoding, body)
		switch mediaType {
		case "text/plain":
			c.Text = text
		case "text/html":
			c.HTML = text
		}
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		add(mediaType, msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
		return c
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return c
		}
		if err != nil {
			t.Fatalf("mail part: %v", err)
		}
		partType, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		// multipart decodes quoted-printable parts itself.
		add(partType, p.Header.Get("Content-Transfer-Encoding"), p)
	}
}

func decodeBody(t testing.TB, encoding string, r io.Reader) string {
	t.Helper()
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, newlineStripper{r})
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("mail body: %v", err)
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n")
}

type newlineStripper struct{ r io.Reader }

func (n newlineStripper) Read(p []byte) (int, error) {
	k, err := n.r.Read(p)
	out := p[:0]
	for _, c := range p[:k] {
		if c != '\r' && c != '\n' {
			out = append(out, c)
		}
	}
	return len(out), err
}

// SMTPServer is a small SMTP server on 127.0.0.1 that keeps what it
// receives, for tests of real mail delivery. It offers neither TLS nor AUTH.
type SMTPServer struct {
	ln       net.Listener
	mu       sync.Mutex
	mails    []Mail
	failNext int
	wg       sync.WaitGroup
}

// NewSMTPServer starts a server that stops when the test ends.
func NewSMTPServer(t testing.TB) *SMTPServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtp listen: %v", err)
	}
	s := &SMTPServer{ln: ln}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(func() {
		ln.Close()
		s.wg.Wait()
	})
	return s
}

// URL is the server's address as SMTP_URL.
func (s *SMTPServer) URL() string { return "smtp://" + s.ln.Addr().String() }

// Mails returns the messages received so far.
func (s *SMTPServer) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mails...)
}

// FailNext makes the server refuse the next n messages with a temporary
// error (451), as a server under trouble does.
func (s *SMTPServer) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = n
}

func (s *SMTPServer) serve() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer conn.Close()
			s.session(conn)
		}()
	}
}

func (s *SMTPServer) session(conn net.Conn) {
	r := bufio.NewReader(conn)
	reply := func(lines ...string) bool {
		_, err := io.WriteString(conn, strings.Join(lines, "\r\n")+"\r\n")
		return err == nil
	}
	if !reply("220 vitrine.test ESMTP test server") {
		return
	}
	var cur Mail
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(line)
		if i := strings.IndexByte(verb, ' '); i >= 0 {
			verb = verb[:i]
		}
		switch verb {
		case "EHLO":
			reply("250-vitrine.test", "250-8BITMIME", "250 OK")
		case "HELO":
			reply("250 vitrine.test")
		case "MAIL":
			cur = Mail{From: addrArg(line)}
			reply("250 OK")
		case "RCPT":
			cur.To = append(cur.To, addrArg(line))
			reply("250 OK")
		case "DATA":
			reply("354 End data with <CR><LF>.<CR><LF>")
			var data bytes.Buffer
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			cur.Data = data.Bytes()
			s.mu.Lock()
			fail := s.failNext > 0
			if fail {
				s.failNext--
			} else {
				s.mails = append(s.mails, cur)
			}
			s.mu.Unlock()
			if fail {
				reply("451 4.3.0 Try again later")
			} else {
				reply("250 OK queued")
			}
			cur = Mail{}
		case "RSET":
			cur = Mail{}
			reply("250 OK")
		case "NOOP":
			reply("250 OK")
		case "QUIT":
			reply("221 Bye")
			return
		default:
			reply("502 Command not implemented")
		}
	}
}

// addrArg takes the address out of "MAIL FROM:<a@b> SIZE=…".
func addrArg(line string) string {
	i, j := strings.IndexByte(line, '<'), strings.IndexByte(line, '>')
	if i < 0 || j < i {
		return ""
	}
	return line[i+1 : j]
}
