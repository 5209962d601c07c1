// Command centrifuge-peer is the Centrifugo-like peer of the websocket fan-out benchmark
// (tests/bench/fanout.ts): the Centrifuge engine library behind a websocket endpoint that speaks
// its client protocol, fed by a "raw mode" NATS bridge. Every hub message on NATS is published,
// payload untouched, into the channel named like the console's live topic for that hub.
//
//	NATS_URL=nats://127.0.0.1:4222 NATS_PREFIX=console centrifuge-peer -listen 127.0.0.1:8000
//
// Not part of the console: it exists to be measured beside the gateway. See README.md.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/centrifugal/centrifuge"
	"github.com/nats-io/nats.go"
)

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

// bridge copies hub messages from core NATS into Centrifuge channels.
type bridge struct {
	node    *centrifuge.Node
	prefix  string // the subject prefix with its trailing dot, or "" for no prefix
	bridged atomic.Uint64
	dropped atomic.Uint64
}

// channelOf maps <prefix>hub.<hubId>.msg.… and <prefix>hub.<hubId>.presence to "hub:<hubId>",
// the name of the gateway's topic for the same messages; other hub subjects (commands) are not live.
func (b *bridge) channelOf(subject string) (string, bool) {
	rest, ok := strings.CutPrefix(subject, b.prefix+"hub.")
	if !ok {
		return "", false
	}
	hubID, kind, _ := strings.Cut(rest, ".")
	if hubID == "" || !(kind == "presence" || strings.HasPrefix(kind, "msg.")) {
		return "", false
	}
	return "hub:" + hubID, true
}

func (b *bridge) onMessage(m *nats.Msg) {
	channel, ok := b.channelOf(m.Subject)
	if !ok {
		return
	}
	// The JSON client protocol embeds the payload as it is, so a payload that is not JSON would
	// corrupt every subscriber's frame: such messages are counted and skipped.
	if !json.Valid(m.Data) {
		b.dropped.Add(1)
		return
	}
	if _, err := b.node.Publish(channel, m.Data); err != nil {
		b.dropped.Add(1)
		log.Printf("publish to %s: %v", channel, err)
		return
	}
	b.bridged.Add(1)
}

func newNode() (*centrifuge.Node, error) {
	node, err := centrifuge.New(centrifuge.Config{
		Name:     "centrifuge-peer",
		LogLevel: centrifuge.LogLevelWarn,
		LogHandler: func(e centrifuge.LogEntry) {
			log.Printf("centrifuge %s: %s %v", centrifuge.LogLevelToString(e.Level), e.Message, e.Fields)
		},
	})
	if err != nil {
		return nil, err
	}
	// Anyone may connect, anonymously (the benchmark's clients send no token).
	node.OnConnecting(func(ctx context.Context, _ centrifuge.ConnectEvent) (centrifuge.ConnectReply, error) {
		return centrifuge.ConnectReply{Credentials: &centrifuge.Credentials{UserID: ""}}, nil
	})
	// ... and subscribe to any hub channel; there are no other channels.
	node.OnConnect(func(client *centrifuge.Client) {
		client.OnSubscribe(func(e centrifuge.SubscribeEvent, cb centrifuge.SubscribeCallback) {
			if !strings.HasPrefix(e.Channel, "hub:") {
				cb(centrifuge.SubscribeReply{}, centrifuge.ErrorUnknownChannel)
				return
			}
			cb(centrifuge.SubscribeReply{}, nil)
		})
	})
	return node, node.Run()
}

func main() {
	listen := flag.String("listen", env("PEER_LISTEN", "127.0.0.1:8000"), "HTTP address: /connection/websocket and /readyz")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("centrifuge-peer: ")
	natsURL := env("NATS_URL", nats.DefaultURL)
	prefix, set := os.LookupEnv("NATS_PREFIX") // as in contracts' subjects(): "" means no prefix
	if !set {
		prefix = "console"
	}
	if prefix != "" {
		prefix += "."
	}

	node, err := newNode()
	if err != nil {
		log.Fatalf("centrifuge node: %v", err)
	}
	b := &bridge{node: node, prefix: prefix}

	nc, err := nats.Connect(natsURL, nats.Name("centrifuge-peer"), nats.MaxReconnects(-1),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			// Slow-consumer drops show up here; the benchmark sees them as loss.
			log.Printf("nats: %v", err)
		}))
	if err != nil {
		log.Fatalf("nats %s: %v", natsURL, err)
	}
	// One subscription for both live subject families, so that a hub's messages and presence
	// reach its channel in the order NATS delivered them (two would be two goroutines).
	if _, err := nc.Subscribe(prefix+"hub.>", b.onMessage); err != nil {
		log.Fatalf("subscribe %shub.>: %v", prefix, err)
	}
	// Ready means the subscription is known to the server: nothing published after is missed.
	if err := nc.Flush(); err != nil {
		log.Fatalf("nats flush: %v", err)
	}

	mux := http.NewServeMux()
	mux.Handle("/connection/websocket", centrifuge.NewWebsocketHandler(node, centrifuge.WebsocketConfig{}))
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !nc.IsConnected() {
			http.Error(w, "nats not connected", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok\n"))
	})
	server := &http.Server{Addr: *listen, Handler: mux, ReadHeaderTimeout: 10 * time.Second}

	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	go func() {
		<-ctx.Done()
		shutdown, done := context.WithTimeout(context.Background(), 5*time.Second)
		defer done()
		_ = server.Shutdown(shutdown)
		_ = node.Shutdown(shutdown)
	}()
	log.Printf("listening on %s, bridging %shub.*.msg.> and %shub.*.presence from %s", *listen, prefix, prefix, natsURL)
	if err := server.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("listen: %v", err)
	}
	_ = nc.Drain()
	log.Printf("stopped: %d messages bridged, %d dropped", b.bridged.Load(), b.dropped.Load())
}
