package main

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"
)

// The JSON types below copy the field names and nesting of Mailpit's API v1
// (MessagesSummary, MessageSummary, Message). Tests are written against
// Mailpit's shapes; drift here would make them pass locally and fail in
// compose (or the reverse).

type messageSummary struct {
	ID          string
	MessageID   string
	Read        bool
	From        *mail.Address
	To          []*mail.Address
	Cc          []*mail.Address
	Bcc         []*mail.Address
	ReplyTo     []*mail.Address
	Subject     string
	Created     time.Time
	Username    string
	Tags        []string
	Size        uint64
	Attachments int
	Snippet     string
}

type messagesSummary struct {
	Total          int              `json:"total"`
	Unread         int              `json:"unread"`
	Count          int              `json:"count"`
	MessagesCount  int              `json:"messages_count"`
	MessagesUnread int              `json:"messages_unread"`
	Start          int              `json:"start"`
	Tags           []string         `json:"tags"`
	Messages       []messageSummary `json:"messages"`
}

type messageDetail struct {
	ID              string
	MessageID       string
	From            *mail.Address
	To              []*mail.Address
	Cc              []*mail.Address
	Bcc             []*mail.Address
	ReplyTo         []*mail.Address
	ReturnPath      string
	Subject         string
	ListUnsubscribe listUnsubscribe
	Date            time.Time
	Tags            []string
	Username        string
	Text            string
	HTML            string
	Size            uint64
	Inline          []attachment
	Attachments     []attachment
}

func newAPI(st *store) http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("GET /api/v1/messages", func(w http.ResponseWriter, r *http.Request) {
		writeList(w, r, st, st.newestFirst(nil))
	})

	mux.HandleFunc("DELETE /api/v1/messages", func(w http.ResponseWriter, r *http.Request) {
		// Like Mailpit: no body, or no IDs, means "delete everything".
		var body struct{ IDs []string }
		_ = json.NewDecoder(r.Body).Decode(&body)
		st.deleteIDs(body.IDs)
		writeOK(w)
	})

	mux.HandleFunc("PUT /api/v1/messages", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Read bool
			IDs  []string
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		st.setRead(body.IDs, body.Read)
		writeOK(w)
	})

	mux.HandleFunc("GET /api/v1/search", func(w http.ResponseWriter, r *http.Request) {
		q := strings.TrimSpace(r.URL.Query().Get("query"))
		if q == "" {
			http.Error(w, "Error: no search query", http.StatusBadRequest)
			return
		}
		writeList(w, r, st, st.newestFirst(searchMatcher(q)))
	})

	mux.HandleFunc("DELETE /api/v1/search", func(w http.ResponseWriter, r *http.Request) {
		q := strings.TrimSpace(r.URL.Query().Get("query"))
		if q == "" {
			http.Error(w, "Error: no search query", http.StatusBadRequest)
			return
		}
		st.deleteMatching(searchMatcher(q))
		writeOK(w)
	})

	mux.HandleFunc("GET /api/v1/message/{id}", func(w http.ResponseWriter, r *http.Request) {
		// Mailpit marks a message read when its detail is fetched.
		m := st.get(r.PathValue("id"), true)
		if m == nil {
			http.Error(w, "message not found", http.StatusNotFound)
			return
		}
		writeJSON(w, detail(m))
	})

	mux.HandleFunc("GET /api/v1/message/{id}/raw", func(w http.ResponseWriter, r *http.Request) {
		m := st.get(r.PathValue("id"), false)
		if m == nil {
			http.Error(w, "message not found", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write(m.Raw)
	})

	mux.HandleFunc("GET /api/v1/message/{id}/headers", func(w http.ResponseWriter, r *http.Request) {
		m := st.get(r.PathValue("id"), false)
		if m == nil {
			http.Error(w, "message not found", http.StatusNotFound)
			return
		}
		writeJSON(w, m.Parsed.Headers)
	})

	mux.HandleFunc("GET /api/v1/info", func(w http.ResponseWriter, r *http.Request) {
		total, unread := st.stats()
		writeJSON(w, map[string]any{"Version": "mailcapture (Mailpit API subset)", "Messages": total, "Unread": unread})
	})

	// Same probe paths as Mailpit, so dev-infra.sh checks either server alike.
	for _, path := range []string{"GET /livez", "GET /readyz"} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) { writeOK(w) })
	}

	// A bare inbox page, so opening the mailbox URL in a browser is useful.
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>mailcapture</title><h1>Captured mail</h1><table border=1 cellpadding=4>"+
			"<tr><th>Received</th><th>From</th><th>To</th><th>Subject</th></tr>")
		for _, m := range st.newestFirst(nil) {
			fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td>%s</td><td><a href=\"/api/v1/message/%s/raw\">%s</a></td></tr>",
				m.Created.Format(time.RFC3339), html.EscapeString(addrString(m.Parsed.From)),
				html.EscapeString(joinAddrs(m.Parsed.To)), m.ID, html.EscapeString(m.Parsed.Subject))
		}
		fmt.Fprint(w, "</table><p>API: <code>/api/v1/messages</code>, <code>/api/v1/message/{ID}</code></p>")
	})

	return mux
}

func writeList(w http.ResponseWriter, r *http.Request, st *store, matched []*storedMessage) {
	start, _ := strconv.Atoi(r.URL.Query().Get("start"))
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 {
		limit = 50 // Mailpit's default page size
	}
	start = max(start, 0)
	total, unread := st.stats()

	res := messagesSummary{
		Total:         total,
		Unread:        unread,
		MessagesCount: len(matched),
		Start:         start,
		Tags:          []string{},
		Messages:      []messageSummary{},
	}
	for _, m := range matched {
		if !m.Read {
			res.MessagesUnread++
		}
	}
	if start < len(matched) {
		page := matched[start:min(start+limit, len(matched))]
		for _, m := range page {
			res.Messages = append(res.Messages, summary(m))
		}
	}
	res.Count = len(res.Messages)
	writeJSON(w, res)
}

func summary(m *storedMessage) messageSummary {
	p := m.Parsed
	return messageSummary{
		ID:          m.ID,
		MessageID:   p.MessageID,
		Read:        m.Read,
		From:        p.From,
		To:          nonNil(p.To),
		Cc:          nonNil(p.Cc),
		Bcc:         nonNil(p.Bcc),
		ReplyTo:     nonNil(p.ReplyTo),
		Subject:     p.Subject,
		Created:     m.Created,
		Username:    m.Username,
		Tags:        []string{},
		Size:        uint64(len(m.Raw)),
		Attachments: len(p.Attachments),
		Snippet:     snippet(p),
	}
}

func detail(m *storedMessage) messageDetail {
	p := m.Parsed
	date := p.Date
	if date.IsZero() {
		date = m.Created
	}
	inline, atts := p.Inline, p.Attachments
	if inline == nil {
		inline = []attachment{}
	}
	if atts == nil {
		atts = []attachment{}
	}
	return messageDetail{
		ID:              m.ID,
		MessageID:       p.MessageID,
		From:            p.From,
		To:              nonNil(p.To),
		Cc:              nonNil(p.Cc),
		Bcc:             nonNil(p.Bcc),
		ReplyTo:         nonNil(p.ReplyTo),
		ReturnPath:      p.ReturnPath,
		Subject:         p.Subject,
		ListUnsubscribe: p.ListUnsub,
		Date:            date,
		Tags:            []string{},
		Username:        m.Username,
		Text:            p.Text,
		HTML:            p.HTML,
		Size:            uint64(len(m.Raw)),
		Inline:          inline,
		Attachments:     atts,
	}
}

// searchMatcher understands the Mailpit search terms tests are likely to use:
// to:, from:, subject:, message-id:, is:read / is:unread, and bare words
// (matched against subject, addresses and text). All terms must match.
// Quoting with "..." groups words. Unknown prefixes are treated as words.
func searchMatcher(query string) func(*storedMessage) bool {
	terms := splitQuery(query)
	return func(m *storedMessage) bool {
		p := m.Parsed
		for _, t := range terms {
			key, val, hasKey := strings.Cut(t, ":")
			val = strings.ToLower(strings.Trim(val, `"`))
			var ok bool
			switch strings.ToLower(key) {
			case "to":
				ok = hasKey && (addressesContain(p.To, val) || addressesContain(p.Cc, val) || addressesContain(p.Bcc, val))
			case "from":
				ok = hasKey && p.From != nil && addressesContain([]*mail.Address{p.From}, val)
			case "subject":
				ok = hasKey && strings.Contains(strings.ToLower(p.Subject), val)
			case "message-id":
				ok = hasKey && strings.EqualFold(p.MessageID, val)
			case "is":
				ok = hasKey && ((val == "read" && m.Read) || (val == "unread" && !m.Read))
			default:
				word := strings.ToLower(strings.Trim(t, `"`))
				ok = strings.Contains(strings.ToLower(p.Subject), word) ||
					strings.Contains(strings.ToLower(p.Text), word) ||
					addressesContain(p.To, word) || addressesContain(p.Cc, word) ||
					(p.From != nil && addressesContain([]*mail.Address{p.From}, word))
			}
			if !ok {
				return false
			}
		}
		return true
	}
}

func splitQuery(q string) []string {
	var terms []string
	var cur strings.Builder
	inQuotes := false
	for _, r := range q {
		switch {
		case r == '"':
			inQuotes = !inQuotes
			cur.WriteRune(r)
		case r == ' ' && !inQuotes:
			if cur.Len() > 0 {
				terms = append(terms, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		terms = append(terms, cur.String())
	}
	return terms
}

func nonNil(list []*mail.Address) []*mail.Address {
	if list == nil {
		return []*mail.Address{}
	}
	return list
}

func addrString(a *mail.Address) string {
	if a == nil {
		return ""
	}
	if a.Name != "" {
		return a.Name + " <" + a.Address + ">"
	}
	return a.Address
}

func joinAddrs(list []*mail.Address) string {
	parts := make([]string, len(list))
	for i, a := range list {
		parts[i] = addrString(a)
	}
	return strings.Join(parts, ", ")
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func writeOK(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain")
	_, _ = w.Write([]byte("ok"))
}
