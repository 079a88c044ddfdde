package main

// The request suites' bodies: an API payload, an order as a shop's backend
// would receive it in a POST (order.created), generated deterministically
// from -seed at about 200 B, 2 kB, 20 kB and 200 kB. The 200 B body is a
// minimal order (one line item, no optional parts); the larger ones carry a
// shipping address, a payment, tags, metadata, a multi-line note and more
// line items (their count is what grows with the size). Strings carry
// escapes as clients send them: \" and \n from the encoder, \u003c, \u003e
// and \u0026 (encoding/json's HTML escaping), \u00e9 and a surrogate pair
// for 🎁 (written as escapes, as ASCII-only encoders do), https:\/\/ (as PHP
// writes URLs), next to raw UTF-8 (ü, 日本茶).

import (
	"math/rand/v2"

	"github.com/simdjson-cgo/simdjson/bench/internal/order"
)

// The bodies' Go type (the "struct" target) and generator: package order.
type reqOrder = order.Order

func genRequestBody(rng *rand.Rand, target int) []byte { return order.Generate(rng, target) }

// requestBody is one body of the suite.
type requestBody struct {
	label string // "200B", "2kB", "20kB", "200kB"
	data  []byte
}

// requestSizes are the bodies' labels and target sizes.
var requestSizes = []struct {
	label  string
	target int
}{{"200B", 200}, {"2kB", 2000}, {"20kB", 20000}, {"200kB", 200000}}

// requestBodies generates the bodies whose labels are in want (all when
// want is empty), from seed; the same seed gives the same bytes.
func requestBodies(seed uint64, want []string) []requestBody {
	var out []requestBody
	for k, s := range requestSizes {
		if len(want) > 0 && !containsString(want, s.label) {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, uint64(k)))
		out = append(out, requestBody{s.label, genRequestBody(rng, s.target)})
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
