package main

import (
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// parsedMessage carries what Mailpit's API exposes about a message. Parsing is
// best effort: a malformed message is still captured (with whatever could be
// read) because a test asserting on it is more useful than a dropped mail.
type parsedMessage struct {
	MessageID   string
	From        *mail.Address
	To          []*mail.Address
	Cc          []*mail.Address
	Bcc         []*mail.Address
	ReplyTo     []*mail.Address
	ReturnPath  string
	Subject     string
	Date        time.Time
	ListUnsub   listUnsubscribe
	Headers     map[string][]string
	Text        string
	HTML        string
	Inline      []attachment
	Attachments []attachment
}

type listUnsubscribe struct {
	Header     string
	Links      []string
	Errors     string
	HeaderPost string
}

type checksums struct {
	MD5    string
	SHA1   string
	SHA256 string
}

type attachment struct {
	PartID      string
	FileName    string
	ContentType string
	ContentID   string
	Size        uint64
	Checksums   checksums
}

var wordDecoder = &mime.WordDecoder{CharsetReader: charsetReader}

func parseMessage(raw []byte, envelopeFrom string, recipients []string) *parsedMessage {
	p := &parsedMessage{Headers: map[string][]string{}}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		// Not even a header block: keep the bytes as the text body.
		p.Text = toUTF8(raw, "")
		p.From = &mail.Address{Address: envelopeFrom}
		p.Bcc = addressesFrom(recipients)
		return p
	}
	h := m.Header
	for k, v := range h {
		decoded := make([]string, len(v))
		for i, s := range v {
			decoded[i] = decodeHeader(s)
		}
		p.Headers[k] = decoded
	}

	p.Subject = decodeHeader(h.Get("Subject"))
	p.MessageID = strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
	p.ReturnPath = strings.Trim(strings.TrimSpace(h.Get("Return-Path")), "<>")
	if p.ReturnPath == "" {
		p.ReturnPath = envelopeFrom
	}
	if from := addressList(h, "From"); len(from) > 0 {
		p.From = from[0]
	} else {
		p.From = &mail.Address{Address: envelopeFrom}
	}
	p.To = addressList(h, "To")
	p.Cc = addressList(h, "Cc")
	p.ReplyTo = addressList(h, "Reply-To")
	// Like Mailpit: envelope recipients missing from To/Cc were Bcc'd.
	p.Bcc = addressList(h, "Bcc")
	for _, rcpt := range recipients {
		if !hasAddress(p.To, rcpt) && !hasAddress(p.Cc, rcpt) && !hasAddress(p.Bcc, rcpt) {
			p.Bcc = append(p.Bcc, &mail.Address{Address: rcpt})
		}
	}
	if d, err := h.Date(); err == nil {
		p.Date = d
	}
	p.ListUnsub = parseListUnsubscribe(h.Get("List-Unsubscribe"), h.Get("List-Unsubscribe-Post"))

	walkPart(p, partHeader(h), m.Body, "")

	// enmime (which Mailpit uses) derives Text from HTML-only mail; tests that
	// grep Text for a link should not care which body the sender produced.
	if p.Text == "" && p.HTML != "" {
		p.Text = htmlToText(p.HTML)
	}
	return p
}

// partHeader is the subset of MIME headers walkPart needs, so the top-level
// message and nested parts are handled identically.
type partHeaders struct {
	contentType string
	encoding    string
	disposition string
	contentID   string
}

func partHeader(get interface{ Get(string) string }) partHeaders {
	return partHeaders{
		contentType: get.Get("Content-Type"),
		encoding:    get.Get("Content-Transfer-Encoding"),
		disposition: get.Get("Content-Disposition"),
		contentID:   get.Get("Content-Id"),
	}
}

// walkPart descends into multiparts and files every leaf as text, HTML,
// inline or attachment. partID follows Mailpit's "1", "1.2" numbering.
func walkPart(p *parsedMessage, ph partHeaders, body io.Reader, partID string) {
	mediaType, params, err := mime.ParseMediaType(ph.contentType)
	if err != nil || mediaType == "" {
		mediaType, params = "text/plain", map[string]string{}
	}

	if strings.HasPrefix(mediaType, "multipart/") && params["boundary"] != "" {
		mr := multipart.NewReader(body, params["boundary"])
		for i := 1; ; i++ {
			// NextRawPart, not NextPart: NextPart silently decodes
			// quoted-printable but not base64, and we want one code path.
			part, err := mr.NextRawPart()
			if err != nil {
				return
			}
			child := fmt.Sprint(i)
			if partID != "" {
				child = partID + "." + child
			}
			walkPart(p, partHeader(part.Header), part, child)
		}
	}

	data, _ := io.ReadAll(decodeTransfer(body, ph.encoding))
	dispType, dispParams, _ := mime.ParseMediaType(ph.disposition)
	fileName := decodeHeader(dispParams["filename"])
	if fileName == "" {
		fileName = decodeHeader(params["name"])
	}
	isAttachment := strings.EqualFold(dispType, "attachment") || fileName != ""

	if !isAttachment {
		switch mediaType {
		case "text/plain":
			if p.Text == "" {
				p.Text = toUTF8(data, params["charset"])
				return
			}
		case "text/html":
			if p.HTML == "" {
				p.HTML = toUTF8(data, params["charset"])
				return
			}
		}
	}

	if partID == "" {
		partID = "1"
	}
	att := attachment{
		PartID:      partID,
		FileName:    fileName,
		ContentType: mediaType,
		ContentID:   strings.Trim(strings.TrimSpace(ph.contentID), "<>"),
		Size:        uint64(len(data)),
		Checksums:   sums(data),
	}
	if strings.EqualFold(dispType, "inline") && att.ContentID != "" {
		p.Inline = append(p.Inline, att)
	} else {
		p.Attachments = append(p.Attachments, att)
	}
}

func decodeTransfer(r io.Reader, encoding string) io.Reader {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "base64":
		// Encoded lines are wrapped; the stdlib decoder skips CR/LF itself.
		return base64.NewDecoder(base64.StdEncoding, r)
	case "quoted-printable":
		return quotedprintable.NewReader(r)
	default:
		return r
	}
}

// toUTF8 converts the charsets that realistic senders (nodemailer, curl,
// hand-written fixtures) produce. Anything exotic is passed through with
// invalid bytes replaced, which is enough for assertions on ASCII content.
func toUTF8(b []byte, charset string) string {
	switch strings.ToLower(strings.TrimSpace(charset)) {
	case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "windows-1252", "cp1252":
		// windows-1252 differs from latin1 only in 0x80-0x9F punctuation;
		// treating it as latin1 keeps this stdlib-only.
		if !utf8.Valid(b) {
			runes := make([]rune, len(b))
			for i, c := range b {
				runes[i] = rune(c)
			}
			return string(runes)
		}
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

func charsetReader(charset string, input io.Reader) (io.Reader, error) {
	b, err := io.ReadAll(input)
	if err != nil {
		return nil, err
	}
	return strings.NewReader(toUTF8(b, charset)), nil
}

func decodeHeader(s string) string {
	if d, err := wordDecoder.DecodeHeader(s); err == nil {
		return d
	}
	return s
}

// addressList parses an address header, falling back to comma splitting so
// one malformed entry does not hide the others.
func addressList(h mail.Header, key string) []*mail.Address {
	value := h.Get(key)
	if strings.TrimSpace(value) == "" {
		return []*mail.Address{}
	}
	parser := mail.AddressParser{WordDecoder: wordDecoder}
	if list, err := parser.ParseList(value); err == nil {
		return list
	}
	var out []*mail.Address
	for _, piece := range strings.Split(value, ",") {
		piece = strings.TrimSpace(piece)
		if piece == "" {
			continue
		}
		if a, err := parser.Parse(piece); err == nil {
			out = append(out, a)
		} else {
			out = append(out, &mail.Address{Address: strings.Trim(piece, "<>")})
		}
	}
	return out
}

func addressesFrom(list []string) []*mail.Address {
	out := make([]*mail.Address, 0, len(list))
	for _, a := range list {
		out = append(out, &mail.Address{Address: a})
	}
	return out
}

func hasAddress(list []*mail.Address, addr string) bool {
	for _, a := range list {
		if strings.EqualFold(a.Address, addr) {
			return true
		}
	}
	return false
}

var angleLinks = regexp.MustCompile(`<([^>]+)>`)

func parseListUnsubscribe(header, post string) listUnsubscribe {
	lu := listUnsubscribe{Header: header, HeaderPost: post, Links: []string{}}
	for _, m := range angleLinks.FindAllStringSubmatch(header, -1) {
		lu.Links = append(lu.Links, strings.TrimSpace(m[1]))
	}
	return lu
}

var (
	dropBlocks  = regexp.MustCompile(`(?is)<(script|style|head)\b.*?</(script|style|head)>`)
	breakTags   = regexp.MustCompile(`(?i)<(br|/p|/div|/h[1-6]|/li|/tr)\b[^>]*>`)
	anyTag      = regexp.MustCompile(`(?s)<[^>]*>`)
	blankRuns   = regexp.MustCompile(`\n[ \t]*\n(\s*\n)+`)
	spaceRuns   = regexp.MustCompile(`[ \t]+`)
	anchorHrefs = regexp.MustCompile(`(?is)<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>(.*?)</a>`)
)

// htmlToText is a rough down-conversion. Links keep their URL in brackets so
// tests can still extract e.g. a password-reset link from an HTML-only mail.
func htmlToText(s string) string {
	s = dropBlocks.ReplaceAllString(s, "")
	s = anchorHrefs.ReplaceAllString(s, "$2 [$1]")
	s = breakTags.ReplaceAllString(s, "\n")
	s = anyTag.ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	s = spaceRuns.ReplaceAllString(s, " ")
	s = blankRuns.ReplaceAllString(s, "\n\n")
	return strings.TrimSpace(s)
}

// snippet mirrors Mailpit's list preview: whitespace collapsed, 250 runes.
func snippet(p *parsedMessage) string {
	s := strings.Join(strings.Fields(p.Text), " ")
	if utf8.RuneCountInString(s) > 250 {
		s = string([]rune(s)[:250]) + "..."
	}
	return s
}

func sums(b []byte) checksums {
	m := md5.Sum(b)
	s1 := sha1.Sum(b)
	s2 := sha256.Sum256(b)
	return checksums{MD5: hex.EncodeToString(m[:]), SHA1: hex.EncodeToString(s1[:]), SHA256: hex.EncodeToString(s2[:])}
}
