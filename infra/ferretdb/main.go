// Command ferretdb runs a MongoDB-wire-compatible server (FerretDB 1.x, embedded)
// on top of PostgreSQL, for machines where no MongoDB server is available.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", envOr("FERRETDB_LISTEN", "127.0.0.1:27017"), "TCP address to listen on")
	pgURL := flag.String("postgresql-url", envOr("FERRETDB_POSTGRESQL_URL", "postgres://127.0.0.1:5432/ferretdb"), "PostgreSQL backend URL")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: *listen},
		Logger:        logger,
		Handler:       "postgresql",
		PostgreSQLURL: *pgURL,
	})
	if err != nil {
		logger.Error("cannot start FerretDB", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	logger.Warn("FerretDB listening", "listen", *listen, "uri", f.MongoDBURI())
	if err := f.Run(ctx); err != nil {
		logger.Error("FerretDB stopped", "error", err)
		os.Exit(1)
	}
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}
