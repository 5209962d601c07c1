//go:build tools

// Package tools pins the NATS CLI so infra/nats.sh can build it with `go install`
// from this module (a plain `go install …@version` is refused by the module proxy here).
package tools

import _ "github.com/nats-io/natscli/nats"
