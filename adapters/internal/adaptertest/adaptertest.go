// Package adaptertest is what the adapters' tests share: the request type
// and the reply a handler builds from it, the bodies every adapter is sent
// (valid orders and the malformed ones whose errors must read the same),
// an HTTP exchange over loopback recorded as status, headers and body, and
// a witness that says which JSON package decoded and encoded a value, so
// that a test proves the adapter is in use rather than passing because the
// framework's default ran twice.
package adaptertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Order is the request body's Go type. The binding tag is gin's validator
// (a missing id is a validation error, the same under either codec).
type Order struct {
	ID       string          `json:"id" binding:"required"`
	Customer Customer        `json:"customer"`
	Items    []Item          `json:"items"`
	Total    float64         `json:"total"`
	Tags     []string        `json:"tags,omitempty"`
	Note     string          `json:"note,omitempty"`
	Coupon   *string         `json:"coupon"`
	Meta     map[string]any  `json:"meta,omitempty"`
	Extra    any             `json:"extra,omitempty"`
	Created  time.Time       `json:"created_at"`
	Options  map[string]bool `json:"options,omitempty"`
}

// Customer is part of Order.
type Customer struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

// Item is one line of an Order.
type Item struct {
	SKU   string    `json:"sku"`
	Qty   int       `json:"qty"`
	Price float64   `json:"price"`
	Dims  []float32 `json:"dims,omitempty"`
	URL   string    `json:"url,omitempty"`
}

// Reply is what the handlers answer: figures computed from the order and
// parts of it sent back, so a difference in decoding shows in the bytes,
// and values whose encoding has rules of its own (HTML escaping, U+2028,
// sorted map keys, large and small floats, nil slices and maps, time).
type Reply struct {
	ID       string         `json:"id"`
	Status   string         `json:"status"`
	Items    int            `json:"items"`
	Quantity int            `json:"quantity"`
	Total    float64        `json:"total"`
	Customer Customer       `json:"customer"`
	Note     string         `json:"note,omitempty"`
	Tags     []string       `json:"tags"`
	Meta     map[string]any `json:"meta"`
	Extra    any            `json:"extra"`
	Created  time.Time      `json:"created_at"`
	Numbers  []float64      `json:"numbers"`
	HTML     string         `json:"html"`
}

// ReplyFor is the reply to o.
func ReplyFor(o *Order) Reply {
	q := 0
	for _, it := range o.Items {
		q += it.Qty
	}
	return Reply{
		ID: o.ID, Status: "accepted", Items: len(o.Items), Quantity: q, Total: o.Total,
		Customer: o.Customer, Note: o.Note, Tags: o.Tags, Meta: o.Meta, Extra: o.Extra, Created: o.Created,
		Numbers: []float64{0, -0.0, 1e21, 1e-7, 123456789.125, 3.0e-320},
		HTML:    "<a href=\"x?a=1&b=2\">é</a>\u2028\u2029",
	}
}

// Case is one request body.
type Case struct {
	Name        string
	Body        string
	ContentType string // "" is application/json
}

// Cases are the bodies every adapter is sent: valid orders (small, with
// escapes, large enough to need several reads), and malformed or mistyped
// ones whose status and error text must be the framework's default's.
func Cases() []Case {
	cs := []Case{
		{Name: "order", Body: orderJSON},
		{Name: "order-large", Body: largeOrder(300)},
		{Name: "unknown-fields", Body: `{"id":"o-2","unknown":{"a":[1,2,{"b":null}]},"customer":{"id":7,"email":"x@example.com","zip":"1"},"items":[]}`},
		{Name: "null-fields", Body: `{"id":"o-3","customer":null,"items":null,"coupon":null,"meta":null,"tags":null}`},
		{Name: "charset", Body: `{"id":"o-4","items":[{"sku":"a","qty":2}]}`, ContentType: "application/json; charset=utf-8"},
		{Name: "syntax-truncated", Body: `{"id":"o-5","items":[{"sku":"x","qty":`},
		{Name: "syntax-bad-char", Body: `{"id": x}`},
		{Name: "syntax-trailing-comma", Body: `{"id":"o-6",}`},
		{Name: "syntax-bad-escape", Body: `{"id":"o-\q"}`},
		{Name: "type-string-for-int", Body: `{"id":"o-7","customer":{"id":"12","email":"e"}}`},
		{Name: "type-nested-array", Body: `{"id":"o-8","items":[{"sku":"x","qty":1},{"sku":"y","qty":"2"}]}`},
		{Name: "type-overflow", Body: `{"id":"o-9","items":[{"sku":"x","qty":1e20}]}`},
		{Name: "type-float-range", Body: `{"id":"o-10","total":1e400}`},
		{Name: "type-time", Body: `{"id":"o-11","created_at":"yesterday"}`},
		{Name: "not-an-object", Body: `[1,2,3]`},
		{Name: "string-body", Body: `"order"`},
		{Name: "null-body", Body: `null`},
		{Name: "empty-body", Body: ``},
		{Name: "whitespace-body", Body: " \n\t "},
		{Name: "trailing-value", Body: `{"id":"o-12"} {"id":"o-13"}`},
		{Name: "trailing-garbage", Body: `{"id":"o-14"}x`},
		{Name: "missing-id", Body: `{"customer":{"id":1}}`},
		{Name: "invalid-utf8", Body: "{\"id\":\"o-15\",\"note\":\"caf\xe9 \xff\"}"},
		{Name: "lone-surrogate", Body: `{"id":"o-16","note":"\ud800 and \udc00"}`},
		{Name: "deep-1100", Body: `{"id":"o-17","extra":` + strings.Repeat("[", 1100) + strings.Repeat("]", 1100) + `}`},
		{Name: "deep-10001", Body: `{"id":"o-18","extra":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`},
		{Name: "big-int-any", Body: `{"id":"o-19","extra":123456789012345678901234567890,"meta":{"n":-0.0,"e":1E+2}}`},
		{Name: "duplicate-keys", Body: `{"id":"o-20","id":"o-21","customer":{"id":1},"customer":{"email":"b"}}`},
		{Name: "case-insensitive", Body: `{"ID":"o-22","Customer":{"EMAIL":"c@example.com"}}`},
	}
	for i := range cs {
		if cs[i].ContentType == "" {
			cs[i].ContentType = "application/json"
		}
	}
	return cs
}

const orderJSON = `{
  "id": "ord_8KQ2M\u00e9",
  "customer": {"id": 1099511627776, "email": "l\u00e9a@example.com", "name": "Zo\u00eb \"Z\" M\u00fcller"},
  "items": [
    {"sku": "SKU-00042", "qty": 2, "price": 19.99, "dims": [10.5, 2.25, 0.1], "url": "https:\/\/shop.example.com\/p\/42?ref=cart&utm=app"},
    {"sku": "SKU-31337", "qty": 1, "price": 1234.5}
  ],
  "total": 1274.48,
  "tags": ["gift", "priority", "<b>bold</b>"],
  "note": "Ring twice.\nLeave at the door \u2013 \"thanks!\" \ud83c\udf81 日本茶",
  "coupon": "SPRING-\u0026-24",
  "meta": {"z": 1, "a": [true, false, null], "m": {"k": "v"}, "f": 1.5e-7, "big": 12345678901234567890},
  "extra": {"list": [1, "two", 3.0, {"four": 4}]},
  "created_at": "2024-05-17T08:30:00.123456789+02:00",
  "options": {"express": true, "insured": false}
}`

// largeOrder is an order with n items (about 130 bytes each).
func largeOrder(n int) string {
	var b strings.Builder
	b.WriteString(`{"id":"ord_large","customer":{"id":42,"email":"big@example.com"},"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"sku":"SKU-%05d","qty":%d,"price":%d.%02d,"dims":[%d.5,1.25,0.%d],"url":"https://shop.example.com/p/%d?x=\u00e9"}`,
			i, 1+i%4, 10+i, i%100, i%60, i%10, i)
	}
	b.WriteString(`],"total":98765.43,"note":"many items"}`)
	return b.String()
}

// Result is one exchange as the client saw it: status, headers (but Date)
// and body.
type Result struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r Result) String() string {
	return fmt.Sprintf("status %d, headers %v, body %.300q", r.Status, r.Header, r.Body)
}

// Post sends body to url with the content type and returns what came back.
func Post(t testing.TB, client *http.Client, url, contentType, body string) Result {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("POST %s: reading the reply: %v", url, err)
	}
	h := resp.Header.Clone()
	h.Del("Date")
	return Result{Status: resp.StatusCode, Header: h, Body: b}
}

// Collect posts every case to url (a fresh client, keep-alive, loopback)
// and returns the results by case name.
func Collect(t testing.TB, url string) map[string]Result {
	t.Helper()
	client := &http.Client{Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	out := map[string]Result{}
	for _, c := range Cases() {
		out[c.Name] = Post(t, client, url, c.ContentType, c.Body)
	}
	return out
}

// Same fails t for each case whose result with the adapter (got) differs
// from the result with the framework's default codec (want) in status,
// headers or body bytes, and checks that the valid orders were accepted
// (a handler that failed both ways would compare equal).
func Same(t testing.TB, want, got map[string]Result) {
	t.Helper()
	for _, c := range Cases() {
		w, g := want[c.Name], got[c.Name]
		if testing.Verbose() {
			t.Logf("%s: %v", c.Name, g)
		}
		if w.Status != g.Status || !bytes.Equal(w.Body, g.Body) || fmt.Sprint(w.Header) != fmt.Sprint(g.Header) {
			t.Errorf("%s: with the adapter\n\t%v\nwith the framework's default\n\t%v", c.Name, g, w)
		}
	}
	for _, name := range []string{"order", "order-large", "unknown-fields", "charset"} {
		var reply Reply
		if r := got[name]; r.Status/100 != 2 || json.Unmarshal(r.Body, &reply) != nil || reply.Status != "accepted" {
			t.Errorf("%s: not accepted: %v", name, r)
		}
	}
	errs := 0
	for _, r := range got {
		if r.Status >= 400 {
			errs++
		}
	}
	if errs < 10 {
		t.Errorf("only %d of the %d cases failed: the malformed bodies should", errs, len(got))
	}
}

// Witnessed is the witness route's body and reply.
type Witnessed struct {
	ID    string  `json:"id"`
	Trace Witness `json:"trace"`
}

// WitnessBody is the body to send to the witness route.
const WitnessBody = `{"id":"w-1","trace":{"any":"thing"}}`

// Witness records which JSON package calls its UnmarshalJSON and
// MarshalJSON: the nearest caller among package json ("simdjson"),
// encoding/json ("encoding/json") and sonic ("sonic"), "other" otherwise.
type Witness struct{}

var (
	witnessMu       sync.Mutex
	witnessDecoders []string
	witnessEncoders []string
)

// UnmarshalJSON records its caller.
func (*Witness) UnmarshalJSON([]byte) error {
	witnessMu.Lock()
	defer witnessMu.Unlock()
	witnessDecoders = append(witnessDecoders, caller())
	return nil
}

// MarshalJSON records its caller.
func (Witness) MarshalJSON() ([]byte, error) {
	witnessMu.Lock()
	defer witnessMu.Unlock()
	witnessEncoders = append(witnessEncoders, caller())
	return []byte(`{"seen":true}`), nil
}

// Witnesses returns the decoders and encoders recorded since the last call
// and forgets them.
func Witnesses() (decoders, encoders []string) {
	witnessMu.Lock()
	defer witnessMu.Unlock()
	decoders, encoders = witnessDecoders, witnessEncoders
	witnessDecoders, witnessEncoders = nil, nil
	return decoders, encoders
}

func caller() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		switch {
		case strings.HasPrefix(f.Function, "github.com/simdjson-cgo/simdjson/json."):
			return "simdjson"
		case strings.HasPrefix(f.Function, "encoding/json."):
			return "encoding/json"
		case strings.HasPrefix(f.Function, "github.com/bytedance/sonic"):
			return "sonic"
		}
		if !more {
			return "other"
		}
	}
}

// CheckWitness posts WitnessBody to url and fails t unless the body was
// decoded and the reply encoded by the package named want ("simdjson",
// "encoding/json", "sonic").
func CheckWitness(t testing.TB, url, want string) {
	t.Helper()
	Witnesses()
	client := &http.Client{Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	r := Post(t, client, url, "application/json", WitnessBody)
	if r.Status != http.StatusOK || !bytes.Contains(r.Body, []byte(`{"seen":true}`)) {
		t.Fatalf("witness route: %v", r)
	}
	dec, enc := Witnesses()
	if len(dec) != 1 || dec[0] != want || len(enc) != 1 || enc[0] != want {
		t.Errorf("witness route %s: decoded by %v, encoded by %v; want %s for both", url, dec, enc, want)
	}
}
