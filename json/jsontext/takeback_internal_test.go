//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"encoding/json/jsontext"
	"io"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// TestTakeBackInPlace (adversarial review, 2026-12-07): values the fast path
// hands to the standard Decoder (integers beyond 64 bits, which simdjson
// rejects) after a large value that grew the buffers cost no move of the
// buffer's unread bytes: the standard Decoder reads at most feedChunk bytes
// at a time, and those are still in the buffer when the Decoder takes it
// back. Before, each such value moved the whole unread rest of the buffer
// (and the standard Decoder copied as much as its grown buffer held): 2 MB
// of these lines after an 8 MB string took 6 s against the standard's 0.1.
func TestTakeBackInPlace(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	const lines = 3000
	big := "123456789012345678901234567890\n"
	// First an integer of 512 KiB digits, which the standard Decoder reads
	// whole (its buffer grows to hold it), then a string the fast path
	// reads (the Decoder's buffer grows), then the lines.
	in := strings.Repeat("1", 1<<19) + "\n\"" + strings.Repeat("x", 1<<20) + "\"\n" + strings.Repeat(big, lines)
	for name, r := range map[string]io.Reader{
		"Len":    strings.NewReader(in),
		"no Len": struct{ io.Reader }{strings.NewReader(in)},
	} {
		t.Run(name, func(t *testing.T) {
			d := NewDecoder(r)
			s := jsontext.NewDecoder(strings.NewReader(in))
			for k := 0; ; k++ {
				v, err := d.ReadValue()
				w, werr := s.ReadValue()
				if string(v) != string(w) || (err == nil) != (werr == nil) || d.InputOffset() != s.InputOffset() {
					t.Fatalf("value %d: %.20q %v at %d, the standard %.20q %v at %d", k, v, err, d.InputOffset(), w, werr, s.InputOffset())
				}
				if err != nil {
					if k != lines+2 || err != io.EOF {
						t.Fatalf("value %d: %v", k, err)
					}
					break
				}
			}
			// The buffer moves only when a read of the reader ends a
			// chunk inside a value: a few times per 32 KiB read.
			if max := int64(len(in)); d.moved > max {
				t.Errorf("takeBack moved %d bytes for %d bytes of input", d.moved, len(in))
			}
			t.Logf("moved %d fed %d in %d", d.moved, d.fed, len(in))
			// Each line costs the standard Decoder one read of feedChunk
			// bytes at most, not as much as its grown buffer holds.
			if max := int64(len(in) + (lines+2)*feedChunk); d.fed > max {
				t.Errorf("fed %d bytes to the standard Decoder for %d bytes of input", d.fed, len(in))
			}
		})
	}
}

// TestFastPathBackoff: after values in a row that the fast path tries and
// leaves to the standard Decoder, the standard Decoder keeps the next ones
// (backing off up to 1024 calls), so that a stream of such values is not a
// failed simdjson parse and a hand-over each (200,000 integers beyond 64
// bits took 93 ms against the standard's 8); the fast path comes back for
// the values it reads. Results and offsets stay the standard's throughout.
func TestFastPathBackoff(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	bad := "123456789012345678901234567890\n"
	good := `{"a":[1,2,"x"]}` + "\n"
	var in strings.Builder
	for range 3 {
		in.WriteString(strings.Repeat(bad, 20000))
		in.WriteString(strings.Repeat(good, 20000))
	}
	d := NewDecoder(struct{ io.Reader }{strings.NewReader(in.String())})
	s := jsontext.NewDecoder(strings.NewReader(in.String()))
	var badParsed, goodParsed int64
	for k := 0; ; k++ {
		p := d.parsed
		v, err := d.ReadValue()
		w, werr := s.ReadValue()
		if string(v) != string(w) || (err == nil) != (werr == nil) || d.InputOffset() != s.InputOffset() {
			t.Fatalf("value %d: %q %v at %d, the standard %q %v at %d", k, v, err, d.InputOffset(), w, werr, s.InputOffset())
		}
		if err != nil {
			break
		}
		if k/20000%2 == 0 {
			badParsed += d.parsed - p
		} else {
			goodParsed += d.parsed - p
		}
	}
	// Without the backoff simdjson is given every bad line once (1.8 MB);
	// with it, about one line in a thousand, plus the first few.
	if badParsed > 3*20000*int64(len(bad))/50 {
		t.Errorf("simdjson was given %d bytes of the %d bytes of values it rejects", badParsed, 3*20000*len(bad))
	}
	// The good values are read on the fast path again (all but the first
	// thousand or so of each block).
	if min := 3 * (20000 - 2048) * int64(len(good)-1); goodParsed < min {
		t.Errorf("simdjson validated %d bytes of the good values, want at least %d", goodParsed, min)
	}
}
