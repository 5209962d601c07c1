// Command mailcapture is a development-only mail sink: an SMTP server that
// accepts every message and keeps it in memory, plus an HTTP API that mirrors
// the subset of Mailpit's /api/v1 that our tests use.
//
// It exists because Mailpit cannot be fetched from the module proxy on our
// build machines. Anywhere Mailpit is available (e.g. infra/compose.yaml) it
// can replace this program without changing tests, so keep the JSON shapes in
// api.go identical to Mailpit's rather than "improving" them.
package main

import (
	"context"
	"errors"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

func main() {
	smtpAddr := flag.String("smtp", envOr("MAILCAPTURE_SMTP", "127.0.0.1:1025"), "SMTP listen address")
	httpAddr := flag.String("http", envOr("MAILCAPTURE_HTTP", "127.0.0.1:8025"), "HTTP API listen address")
	maxMessages := flag.Int("max", envInt("MAILCAPTURE_MAX", 500), "messages kept before the oldest are dropped (Mailpit's default is 500 too)")
	maxSize := flag.Int("max-size", envInt("MAILCAPTURE_MAX_SIZE", 25<<20), "largest accepted message in bytes")
	flag.Parse()

	logger := log.New(os.Stderr, "mailcapture: ", log.LstdFlags)
	store := newStore(*maxMessages)

	// Listen on both ports before serving anything so that a port conflict
	// fails the whole process at once; dev-infra.sh treats "process exited"
	// as the signal to point the user at our log.
	smtpLn, err := net.Listen("tcp", *smtpAddr)
	if err != nil {
		logger.Fatalf("smtp listen: %v", err)
	}
	httpLn, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		logger.Fatalf("http listen: %v", err)
	}

	smtpSrv := &smtpServer{store: store, logger: logger, maxSize: *maxSize, hostname: hostname()}
	httpSrv := &http.Server{Handler: newAPI(store), ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	go func() {
		if err := smtpSrv.serve(ctx, smtpLn); err != nil {
			logger.Fatalf("smtp: %v", err)
		}
	}()
	go func() {
		if err := httpSrv.Serve(httpLn); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Fatalf("http: %v", err)
		}
	}()
	logger.Printf("SMTP on %s, HTTP API on http://%s", smtpLn.Addr(), httpLn.Addr())

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_ = httpSrv.Shutdown(shutdownCtx)
	_ = smtpLn.Close()
	logger.Printf("stopped")
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func envInt(name string, fallback int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return fallback
}

func hostname() string {
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "localhost"
}
