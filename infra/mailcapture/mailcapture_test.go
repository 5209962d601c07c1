package main

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/smtp"
	"strings"
	"testing"
)

// The test drives the real SMTP listener with net/smtp and reads the result
// back through the HTTP API, because the contract that matters is "what a
// client sends is what Mailpit-shaped JSON returns".
func TestCaptureRoundTrip(t *testing.T) {
	st := newStore(10)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := &smtpServer{store: st, logger: log.New(io.Discard, "", 0), maxSize: 1 << 20, hostname: "test"}
	go func() { _ = srv.serve(ctx, ln) }()
	defer ln.Close()

	body := strings.Join([]string{
		"From: Console <noreply@console.test>",
		"To: Ada <ada@example.com>",
		"Subject: =?UTF-8?Q?R=C3=A9initialisation?=",
		"Message-ID: <abc@console.test>",
		"MIME-Version: 1.0",
		`Content-Type: multipart/alternative; boundary="b1"`,
		"",
		"--b1",
		"Content-Type: text/plain; charset=utf-8",
		"Content-Transfer-Encoding: quoted-printable",
		"",
		"Reset: https://console.test/reset?token=3Dabc123",
		".leading dot line",
		"--b1",
		"Content-Type: text/html; charset=utf-8",
		"",
		`<p><a href="https://console.test/reset?token=abc123">Reset</a></p>`,
		"--b1--",
		"",
	}, "\r\n")
	// net/smtp dot-stuffs the ".leading" line; the server must undo it. It
	// also only sends PLAIN auth without TLS to loopback, which this is.
	auth := smtp.PlainAuth("", "console-user", "any-password", "127.0.0.1")
	if err := smtp.SendMail(ln.Addr().String(), auth, "bounce@console.test",
		[]string{"ada@example.com", "audit@example.com"}, []byte(body)); err != nil {
		t.Fatalf("send: %v", err)
	}

	api := httptest.NewServer(newAPI(st))
	defer api.Close()

	var list messagesSummary
	getJSON(t, api.URL+"/api/v1/messages", &list)
	if list.Total != 1 || len(list.Messages) != 1 {
		t.Fatalf("want 1 message, got %+v", list)
	}
	s := list.Messages[0]
	if s.Subject != "Réinitialisation" || s.To[0].Address != "ada@example.com" || s.Bcc[0].Address != "audit@example.com" || s.Username != "console-user" {
		t.Fatalf("unexpected summary %+v", s)
	}

	var msg messageDetail
	getJSON(t, api.URL+"/api/v1/message/"+s.ID, &msg)
	if !strings.Contains(msg.Text, "token=abc123") || !strings.Contains(msg.Text, "\n.leading dot line") {
		t.Fatalf("text not decoded: %q", msg.Text)
	}
	if !strings.Contains(msg.HTML, `href="https://console.test/reset?token=abc123"`) || msg.MessageID != "abc@console.test" {
		t.Fatalf("unexpected detail %+v", msg)
	}

	var search messagesSummary
	getJSON(t, api.URL+"/api/v1/search?query=to:ada%40example.com+subject:r%C3%A9init", &search)
	if len(search.Messages) != 1 {
		t.Fatalf("search missed: %+v", search)
	}

	req, _ := http.NewRequest(http.MethodDelete, api.URL+"/api/v1/messages", nil)
	if _, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	getJSON(t, api.URL+"/api/v1/messages", &list)
	if list.Total != 0 {
		t.Fatalf("delete did not clear: %+v", list)
	}
}

func TestHTMLOnlyGetsText(t *testing.T) {
	raw := "From: a@b\r\nTo: c@d\r\nContent-Type: text/html\r\n\r\n<p>Hi&amp;bye <a href=\"https://x.test/y\">link</a></p>\r\n"
	p := parseMessage([]byte(raw), "a@b", []string{"c@d"})
	if !strings.Contains(p.Text, "Hi&bye") || !strings.Contains(p.Text, "https://x.test/y") {
		t.Fatalf("text: %q", p.Text)
	}
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}
