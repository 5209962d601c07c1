package main

import (
	"crypto/rand"
	"net/mail"
	"strings"
	"sync"
	"time"
)

// storedMessage is parsed once on arrival; the API only ever reads it.
type storedMessage struct {
	ID       string
	Created  time.Time
	Read     bool
	Raw      []byte
	Username string
	Parsed   *parsedMessage
}

// store is an in-memory, newest-last ring of messages. Nothing is persisted:
// a restart of the dev infra is a clean mailbox, which is what tests want.
type store struct {
	mu       sync.Mutex
	max      int
	messages []*storedMessage
}

func newStore(max int) *store {
	return &store{max: max}
}

func (s *store) add(raw []byte, envelopeFrom string, recipients []string, username string) string {
	msg := &storedMessage{
		ID:       newID(),
		Created:  time.Now().UTC(),
		Raw:      append([]byte(nil), raw...),
		Username: username,
		Parsed:   parseMessage(raw, envelopeFrom, recipients),
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = append(s.messages, msg)
	if over := len(s.messages) - s.max; over > 0 {
		s.messages = append([]*storedMessage(nil), s.messages[over:]...)
	}
	return msg.ID
}

// newestFirst returns a snapshot, newest first (Mailpit's listing order),
// filtered by match when it is non-nil.
func (s *store) newestFirst(match func(*storedMessage) bool) []*storedMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*storedMessage, 0, len(s.messages))
	for i := len(s.messages) - 1; i >= 0; i-- {
		if match == nil || match(s.messages[i]) {
			out = append(out, s.messages[i])
		}
	}
	return out
}

// get returns a message by ID, or the newest one for the ID "latest" (a
// Mailpit convenience that tests like to use).
func (s *store) get(id string, markRead bool) *storedMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	var found *storedMessage
	if id == "latest" {
		if n := len(s.messages); n > 0 {
			found = s.messages[n-1]
		}
	} else {
		for _, m := range s.messages {
			if m.ID == id {
				found = m
				break
			}
		}
	}
	if found != nil && markRead {
		found.Read = true
	}
	return found
}

// deleteIDs removes the given messages, or everything when ids is empty.
func (s *store) deleteIDs(ids []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(ids) == 0 {
		s.messages = nil
		return
	}
	s.messages = filterOut(s.messages, toSet(ids))
}

func (s *store) deleteMatching(match func(*storedMessage) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.messages[:0:0]
	for _, m := range s.messages {
		if !match(m) {
			kept = append(kept, m)
		}
	}
	s.messages = kept
}

// setRead updates the read flag of the given messages, or all when ids is empty.
func (s *store) setRead(ids []string, read bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	set := toSet(ids)
	for _, m := range s.messages {
		if len(ids) == 0 || set[m.ID] {
			m.Read = read
		}
	}
}

// stats returns total and unread counts for the whole mailbox.
func (s *store) stats() (total, unread int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.messages {
		if !m.Read {
			unread++
		}
	}
	return len(s.messages), unread
}

func filterOut(msgs []*storedMessage, drop map[string]bool) []*storedMessage {
	kept := msgs[:0:0]
	for _, m := range msgs {
		if !drop[m.ID] {
			kept = append(kept, m)
		}
	}
	return kept
}

func toSet(ids []string) map[string]bool {
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set
}

// newID makes a 22-character alphanumeric ID, the same length and alphabet
// as Mailpit's, so nothing that pattern-matches IDs behaves differently.
func newID() string {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	var b [22]byte
	_, _ = rand.Read(b[:])
	for i := range b {
		// 62 does not divide 256; the slight bias is irrelevant for a dev sink.
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b[:])
}

// addressesContain reports whether any address contains the needle
// (case-insensitive), used by search.
func addressesContain(list []*mail.Address, needle string) bool {
	for _, a := range list {
		if strings.Contains(strings.ToLower(a.Address), needle) || strings.Contains(strings.ToLower(a.Name), needle) {
			return true
		}
	}
	return false
}
