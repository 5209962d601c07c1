package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"time"
)

// smtpServer speaks just enough ESMTP for nodemailer and curl. It never
// relays and never rejects a recipient: the point is to capture everything
// the application tries to send.
type smtpServer struct {
	store    *store
	logger   *log.Logger
	maxSize  int
	hostname string
}

// Generous, but bounded so a stuck client cannot pin a goroutine forever.
const commandTimeout = 5 * time.Minute

// Longest command line we accept; RFC 5321 asks for 512, clients with long
// AUTH tokens need more.
const maxLineLength = 16 << 10

var errLineTooLong = errors.New("line too long")

func (s *smtpServer) serve(ctx context.Context, ln net.Listener) error {
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		go s.handle(conn)
	}
}

// session holds the envelope of the transaction in progress.
type session struct {
	conn       net.Conn
	r          *bufio.Reader
	w          *bufio.Writer
	from       string
	haveFrom   bool
	recipients []string
	username   string
}

func (s *smtpServer) handle(conn net.Conn) {
	defer conn.Close()
	ss := &session{conn: conn, r: bufio.NewReaderSize(conn, 64<<10), w: bufio.NewWriter(conn)}
	ss.reply("220 %s ESMTP mailcapture (development mail sink)", s.hostname)

	for {
		_ = conn.SetDeadline(time.Now().Add(commandTimeout))
		line, err := ss.readLine()
		if err != nil {
			if errors.Is(err, errLineTooLong) {
				ss.reply("500 Line too long")
				continue
			}
			return // client went away or timed out
		}
		verb, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)

		switch strings.ToUpper(verb) {
		case "EHLO":
			ss.resetEnvelope()
			// No STARTTLS on purpose: nodemailer upgrades opportunistically
			// when it is offered, and we have no certificate to offer.
			ss.reply("250-%s greets %s", s.hostname, arg)
			ss.reply("250-PIPELINING")
			ss.reply("250-8BITMIME")
			ss.reply("250-SMTPUTF8")
			ss.reply("250-SIZE %d", s.maxSize)
			ss.reply("250 AUTH PLAIN LOGIN")
		case "HELO":
			ss.resetEnvelope()
			ss.reply("250 %s", s.hostname)
		case "AUTH":
			ss.auth(arg)
		case "MAIL":
			addr, ok := pathArg(arg, "FROM:")
			if !ok {
				ss.reply("501 Syntax: MAIL FROM:<address>")
				continue
			}
			ss.resetEnvelope()
			ss.from, ss.haveFrom = addr, true
			ss.reply("250 OK")
		case "RCPT":
			if !ss.haveFrom {
				ss.reply("503 MAIL first")
				continue
			}
			addr, ok := pathArg(arg, "TO:")
			if !ok || addr == "" {
				ss.reply("501 Syntax: RCPT TO:<address>")
				continue
			}
			ss.recipients = append(ss.recipients, addr)
			ss.reply("250 OK")
		case "DATA":
			if len(ss.recipients) == 0 {
				ss.reply("503 RCPT first")
				continue
			}
			ss.reply("354 End data with <CR><LF>.<CR><LF>")
			raw, err := ss.readData(s.maxSize)
			if err != nil {
				if errors.Is(err, errTooBig) {
					ss.reply("552 Message exceeds %d bytes", s.maxSize)
					ss.resetEnvelope()
					continue
				}
				return
			}
			id := s.store.add(raw, ss.from, ss.recipients, ss.username)
			s.logger.Printf("captured %s from <%s> to %v (%d bytes)", id, ss.from, ss.recipients, len(raw))
			ss.resetEnvelope()
			ss.reply("250 OK queued as %s", id)
		case "RSET":
			ss.resetEnvelope()
			ss.reply("250 OK")
		case "NOOP":
			ss.reply("250 OK")
		case "VRFY":
			ss.reply("252 Cannot verify, but will accept the message")
		case "HELP":
			ss.reply("214 EHLO HELO AUTH MAIL RCPT DATA RSET NOOP VRFY QUIT")
		case "QUIT":
			ss.reply("221 Bye")
			return
		case "STARTTLS":
			ss.reply("502 TLS not available on this development server")
		default:
			ss.reply("500 Unrecognised command")
		}
	}
}

func (ss *session) resetEnvelope() {
	ss.from, ss.haveFrom, ss.recipients = "", false, nil
}

// reply writes one response line. Flushing after every line keeps the code
// simple; throughput is irrelevant for a test mail sink.
func (ss *session) reply(format string, args ...any) {
	fmt.Fprintf(ss.w, format+"\r\n", args...)
	_ = ss.w.Flush()
}

// readLine returns one command line without its line ending; bare LF is
// accepted because hand-typed sessions (nc, telnet) send it.
func (ss *session) readLine() (string, error) {
	var buf []byte
	for {
		chunk, err := ss.r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxLineLength {
			// Drain the rest of the oversized line before complaining.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = ss.r.ReadSlice('\n')
			}
			if err != nil {
				return "", err
			}
			return "", errLineTooLong
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return "", err
		}
		return strings.TrimRight(string(buf), "\r\n"), nil
	}
}

var errTooBig = errors.New("message too big")

// readData reads the DATA payload up to the lone "." line, undoing dot
// stuffing. Line endings are kept as sent so /raw returns the real source.
func (ss *session) readData(maxSize int) ([]byte, error) {
	var msg bytes.Buffer
	tooBig := false
	for {
		_ = ss.conn.SetDeadline(time.Now().Add(commandTimeout))
		line, err := ss.r.ReadBytes('\n')
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if bytes.Equal(line, []byte(".\r\n")) || bytes.Equal(line, []byte(".\n")) {
			break
		}
		if line[0] == '.' {
			line = line[1:]
		}
		// Keep reading after the limit so the client sees our 552 instead of
		// a protocol desync.
		if !tooBig && msg.Len()+len(line) > maxSize {
			tooBig = true
			msg.Reset()
		}
		if !tooBig {
			msg.Write(line)
		}
	}
	if tooBig {
		return nil, errTooBig
	}
	return msg.Bytes(), nil
}

// auth accepts any credentials (like Mailpit's --smtp-auth-accept-any) so
// that the application can be configured with or without SMTP auth. The
// username is recorded because Mailpit exposes it in the API.
func (ss *session) auth(arg string) {
	mech, initial, _ := strings.Cut(arg, " ")
	switch strings.ToUpper(mech) {
	case "PLAIN":
		resp := strings.TrimSpace(initial)
		if resp == "" {
			ss.reply("334 ")
			line, err := ss.readLine()
			if err != nil {
				return
			}
			resp = line
		}
		if resp == "*" {
			ss.reply("501 Authentication cancelled")
			return
		}
		decoded, err := base64.StdEncoding.DecodeString(resp)
		if err != nil {
			ss.reply("501 Invalid base64")
			return
		}
		// authzid \0 authcid \0 password
		parts := strings.SplitN(string(decoded), "\x00", 3)
		if len(parts) == 3 {
			ss.username = parts[1]
		}
		ss.reply("235 Authentication successful")
	case "LOGIN":
		user := strings.TrimSpace(initial)
		if user == "" {
			ss.reply("334 VXNlcm5hbWU6") // "Username:"
			line, err := ss.readLine()
			if err != nil {
				return
			}
			user = line
		}
		ss.reply("334 UGFzc3dvcmQ6") // "Password:"
		if _, err := ss.readLine(); err != nil {
			return
		}
		if decoded, err := base64.StdEncoding.DecodeString(user); err == nil {
			ss.username = string(decoded)
		}
		ss.reply("235 Authentication successful")
	default:
		ss.reply("504 Unrecognised authentication type")
	}
}

// pathArg extracts the address from "FROM:<a@b> SIZE=123" style arguments.
// It is lenient about spacing and missing brackets because sloppy clients
// should still get their mail captured.
func pathArg(arg, prefix string) (string, bool) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", false
	}
	rest := strings.TrimSpace(arg[len(prefix):])
	if strings.HasPrefix(rest, "<") {
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			return "", false
		}
		return rest[1:end], true
	}
	addr, _, _ := strings.Cut(rest, " ")
	return addr, true
}
