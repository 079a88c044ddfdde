// Package order is the request body of the bench module's request suites
// and HTTP load test: an order as a shop's backend receives it in a POST
// (order.created), generated deterministically at about a target size, its
// Go type, and the reply a handler answers with. Strings carry escapes as
// clients send them: \" and \n from the encoder, \u003c, \u003e and
// \u0026 (encoding/json's HTML escaping), \u00e9 and a surrogate pair for
// 🎁 (written as escapes, as ASCII-only encoders do), https:\/\/ (as PHP
// writes URLs), next to raw UTF-8 (ü, 日本茶).
package order

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// Order is the bodies' Go type.
type Order struct {
	ID        string            `json:"id"`
	Event     string            `json:"event,omitempty"`
	CreatedAt string            `json:"created_at"`
	Customer  Customer          `json:"customer"`
	Items     []Item            `json:"items"`
	Total     float64           `json:"total"`
	Currency  string            `json:"currency,omitempty"`
	Shipping  *Address          `json:"shipping,omitempty"`
	Payment   *Payment          `json:"payment,omitempty"`
	Tags      []string          `json:"tags,omitempty"`
	Metadata  map[string]string `json:"metadata,omitempty"`
	Note      string            `json:"note,omitempty"`
	Gift      bool              `json:"gift"`
	Coupon    *string           `json:"coupon"`
}

type Customer struct {
	ID       int64    `json:"id"`
	Email    string   `json:"email"`
	Name     string   `json:"name,omitempty"`
	Phone    string   `json:"phone,omitempty"`
	Since    string   `json:"since,omitempty"`
	Verified bool     `json:"verified,omitempty"`
	Segments []string `json:"segments,omitempty"`
}

type Address struct {
	Name    string  `json:"name"`
	Line1   string  `json:"line1"`
	Line2   string  `json:"line2,omitempty"`
	City    string  `json:"city"`
	Postal  string  `json:"postal_code"`
	Country string  `json:"country"`
	Lat     float64 `json:"lat"`
	Lng     float64 `json:"lng"`
}

type Payment struct {
	Method   string  `json:"method"`
	Brand    string  `json:"brand"`
	Last4    string  `json:"last4"`
	Amount   float64 `json:"amount"`
	Captured bool    `json:"captured"`
	AuthCode string  `json:"auth_code"`
}

type Item struct {
	SKU      string            `json:"sku"`
	Name     string            `json:"name,omitempty"`
	Qty      int               `json:"qty"`
	Price    float64           `json:"price"`
	Discount float64           `json:"discount,omitempty"`
	Options  map[string]string `json:"options,omitempty"`
	Dims     []float64         `json:"dims,omitempty"`
	URL      string            `json:"url,omitempty"`
	InStock  bool              `json:"in_stock"`
}

var (
	reqProducts = []string{
		`Café "Noir" mug, 350 ml`, `Kids' T-shirt – size 6/7`, `日本茶 sencha 100g`,
		`USB-C cable <2 m> & adapter`, `Émile's cookbook (2nd ed.)`, `Wool socks, 3 pairs`,
		`Desk lamp "Arc" matte black`, `Grüner Tee, lose`, `Notebook A5 dotted`,
		`Phone case – clear`, `Coffee beans 1 kg, crème roast`, `Backpack 20 L`,
	}
	reqFirst   = []string{"Ana", "Jürgen", "Zoë", "Mateo", "Aiko", "Olivia", "Noah", "Léa", "Sven", "Priya"}
	reqLast    = []string{"Müller", "O'Brien", "Nakamura", "García", "Smith", "Dubois", "Kowalski", "Rossi"}
	reqCities  = []string{"Berlin", "München", "Lyon", "Kyōto", "Austin", "Porto", "Kraków", "Dublin"}
	reqColours = []string{"black", "white", "navy", "sage", "crème", "red"}
	reqSizes   = []string{"XS", "S", "M", "L", "XL", "6/7", "one size"}
	reqTags    = []string{"priority", "b2b", "repeat-customer", "gift", "fragile", "eu", "promo:spring"}
)

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }

func reqID(rng *rand.Rand, prefix string, n int) string {
	const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz"
	b := []byte(prefix)
	for range n {
		b = append(b, alphabet[rng.IntN(len(alphabet))])
	}
	return string(b)
}

func reqMoney(rng *rand.Rand, lo, hi int) float64 { return float64(lo+rng.IntN(hi-lo)) / 100 }

func reqTime(rng *rand.Rand) string {
	return fmt.Sprintf("2024-%02d-%02dT%02d:%02d:%02dZ", 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60))
}

func genItem(rng *rand.Rand, full bool) Item {
	it := Item{
		SKU:     fmt.Sprintf("SKU-%05d", rng.IntN(100000)),
		Qty:     1 + rng.IntN(4),
		Price:   reqMoney(rng, 199, 25000),
		InStock: rng.IntN(10) > 0,
	}
	if !full {
		return it
	}
	it.Name = pick(rng, reqProducts)
	if rng.IntN(3) == 0 {
		it.Discount = reqMoney(rng, 50, 1000)
	}
	if rng.IntN(2) == 0 {
		it.Options = map[string]string{"colour": pick(rng, reqColours), "size": pick(rng, reqSizes)}
	}
	it.Dims = []float64{float64(rng.IntN(600)) / 10, float64(rng.IntN(400)) / 10, float64(rng.IntN(250)) / 100}
	it.URL = "https://shop.example.com/p/" + reqID(rng, "", 8) + "?ref=cart&utm_source=app"
	return it
}

// Generate makes one order of about target bytes from rng: the same
// state gives the same bytes. Under 1,000 bytes it is a minimal order (one
// line item, no optional parts); from 1,000 up a full one, whose line
// items grow with target.
func Generate(rng *rand.Rand, target int) []byte {
	full := target >= 1000
	o := Order{
		ID:        reqID(rng, "ord_", 8),
		CreatedAt: reqTime(rng),
		Customer:  Customer{ID: 1000 + rng.Int64N(1e6), Email: "l\u00e9a@example.com"},
	}
	if full {
		o.ID = reqID(rng, "ord_", 12)
		o.Event = "order.created"
		o.Currency = "EUR"
		o.Customer.ID = 100000 + rng.Int64N(1<<40)
		o.Customer.Email = "ana.m\u00fcller@example.com"
		first, last := pick(rng, reqFirst), pick(rng, reqLast)
		o.Customer.Name = first + " " + last
		o.Customer.Phone = fmt.Sprintf("+49 30 %07d", rng.IntN(10000000))
		o.Customer.Since = reqTime(rng)
		o.Customer.Verified = true
		o.Customer.Segments = []string{"loyalty:gold", "newsletter"}
		o.Shipping = &Address{
			Name: first + " " + last, Line1: fmt.Sprintf("Hauptstraße %d", 1+rng.IntN(200)),
			Line2: "c/o \"Büro 4\", 3rd floor", City: pick(rng, reqCities),
			Postal: fmt.Sprintf("%05d", rng.IntN(100000)), Country: "DE",
			Lat: float64(rng.IntN(180000000)-90000000) / 1e6, Lng: float64(rng.IntN(360000000)-180000000) / 1e6,
		}
		o.Tags = []string{pick(rng, reqTags), pick(rng, reqTags)}
		o.Metadata = map[string]string{
			"channel": "ios-app", "app_version": "5.12.1 (build 4411)", "session": reqID(rng, "", 16),
			"referrer": "https://news.example.org/deals?id=42&lang=de",
		}
		o.Note = "Please ring twice.\nLeave at the door if nobody's home – \"thanks!\" 🎁 (réf. 42)"
		o.Gift = rng.IntN(4) == 0
		coupon := "SPRING-" + reqID(rng, "", 4)
		o.Coupon = &coupon
	}
	if full {
		o.Payment = &Payment{Method: "card", Brand: "visa", Last4: fmt.Sprintf("%04d", rng.IntN(10000)),
			Amount: 1234.56, Captured: true, AuthCode: reqID(rng, "", 6)}
	}
	// Line items until the body reaches about target bytes (one at least).
	size := 0
	if b, err := json.Marshal(o); err == nil {
		size = len(b)
	}
	for len(o.Items) == 0 || size < target {
		it := genItem(rng, full)
		b, _ := json.Marshal(it)
		if len(o.Items) > 0 && size+len(b)+1-target > target-size {
			break // the item would overshoot by more than the gap
		}
		o.Items = append(o.Items, it)
		size += len(b) + 1
	}
	for _, it := range o.Items {
		o.Total += float64(it.Qty) * (it.Price - it.Discount)
	}
	o.Total = float64(int64(o.Total*100+0.5)) / 100
	if o.Payment != nil {
		o.Payment.Amount = o.Total
	}
	b, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	// Escapes of ASCII-only and PHP-style encoders: é and 🎁 as \u escapes,
	// https:// as https:\/\/ (these bytes occur only inside strings).
	b = bytes.ReplaceAll(b, []byte("é"), []byte(`\u00e9`))
	b = bytes.ReplaceAll(b, []byte("🎁"), []byte(`\ud83c\udf81`))
	b = bytes.ReplaceAll(b, []byte("https://"), []byte(`https:\/\/`))
	return b
}

// Reply is what the load test's handlers answer: the order's figures and
// one line per item (so the reply grows with the body, about a fifth of
// its size).
type Reply struct {
	ID       string      `json:"id"`
	Status   string      `json:"status"`
	Items    int         `json:"items"`
	Quantity int         `json:"quantity"`
	Total    float64     `json:"total"`
	Customer int64       `json:"customer"`
	Lines    []ReplyLine `json:"lines"`
}

// ReplyLine is one item of a Reply.
type ReplyLine struct {
	SKU   string  `json:"sku"`
	Qty   int     `json:"qty"`
	Total float64 `json:"total"`
}

// ReplyFor is the reply to o.
func ReplyFor(o *Order) Reply {
	r := Reply{ID: o.ID, Status: "accepted", Items: len(o.Items), Total: o.Total, Customer: o.Customer.ID,
		Lines: make([]ReplyLine, len(o.Items))}
	for i, it := range o.Items {
		r.Quantity += it.Qty
		r.Lines[i] = ReplyLine{SKU: it.SKU, Qty: it.Qty, Total: float64(it.Qty) * (it.Price - it.Discount)}
	}
	return r
}
