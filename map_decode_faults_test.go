//go:build cgo && unix

package simdjson_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

type AdvInnerP struct{ Q []int }

type advReuse struct {
	*AdvInnerP
	S  []int
	M  map[string]int
	P  *int
	I  any
	Ar [2]int
}

// TestMapDecodeReuseAndFaults: a field absent from a line is zero in
// MapDecode's reused *T; fn's error, panic and Goexit stop the map without
// a hang or a lost slot.
func TestMapDecodeReuseAndFaults(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 2000 {
		if i%2 == 0 {
			fmt.Fprintf(&b, "{\"Q\":[%d],\"S\":[1,2],\"M\":{\"a\":1},\"P\":3,\"I\":{\"x\":1},\"Ar\":[5,6]}\n", i)
		} else {
			b.WriteString("{}\n")
		}
	}
	f1 := writeFile(t, dir, "a.json", []byte(b.String()))
	f2 := writeFile(t, dir, "b.json.gz", gz(t, []byte(b.String())))
	slots := trackSlots(t)
	for threads := 1; threads <= 4; threads++ {
		opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096)}
		withDeadline(t, 30*time.Second, "reuse", func() {
			_, err := simdjson.MapDecode(simdjson.Files(f1, f2), func(int) *int { return new(int) }, func(n *int, v *advReuse) error {
				*n++
				if v.AdvInnerP == nil {
					if v.S != nil || v.M != nil || v.P != nil || v.I != nil || v.Ar != [2]int{} {
						return fmt.Errorf("line %d: fields of the previous line left: %+v", *n, *v)
					}
				}
				return nil
			}, opts...)
			if err != nil {
				t.Error(err)
			}
		})
		advTake(slots)
		for _, fault := range []string{"error", "panic", "goexit"} {
			withDeadline(t, 30*time.Second, fault, func() {
				_, err := simdjson.MapDecode(simdjson.Files(f1, f2), func(int) *int { return new(int) }, func(n *int, v *advReuse) error {
					*n++
					if *n == 300 {
						switch fault {
						case "error":
							return errors.New("stop here")
						case "panic":
							panic("boom")
						case "goexit":
							runtime.Goexit()
						}
					}
					return nil
				}, opts...)
				if err == nil {
					t.Errorf("%s, %d threads: no error", fault, threads)
				}
				var pe *simdjson.PanicError
				if fault == "panic" && !errors.As(err, &pe) {
					t.Errorf("panic: got %v", err)
				}
				if fault == "goexit" && !errors.Is(err, simdjson.ErrGoexit) {
					t.Errorf("goexit: got %v", err)
				}
			})
			if _, lost := advTake(slots); len(lost) > 0 {
				t.Errorf("%s, %d threads: lost slots %v", fault, threads, lost)
			}
		}
	}
}

// TestDecodeStale: Decode of a handle after the next Parse, or after
// Close, fails instead of reading the new document.
func TestDecodeStale(t *testing.T) {
	p := simdjson.NewParser()
	d, err := p.Parse([]byte(`{"A":1}`))
	if err != nil {
		t.Fatal(err)
	}
	v := d.Value
	if _, err := p.Parse([]byte(`{"A":2}`)); err != nil {
		t.Fatal(err)
	}
	var x struct{ A int }
	if err := v.Decode(&x); err == nil || x.A != 0 {
		t.Errorf("stale Decode: %v, %+v", err, x)
	}
	d3, _ := p.Parse([]byte(`{"A":3}`))
	p.Close()
	if err := d3.Value.Decode(&x); err == nil || x.A != 0 {
		t.Errorf("Decode after Close: %v, %+v", err, x)
	}
	var nilp *struct{ A int }
	p2 := simdjson.NewParser()
	defer p2.Close()
	d4, _ := p2.Parse([]byte(`{"A":3}`))
	if err := d4.Value.Decode(nilp); err == nil {
		t.Error("nil pointer: no error")
	}
	if err := d4.Value.Decode(x); err == nil {
		t.Error("non-pointer: no error")
	}
	if err := d4.Value.Decode(nil); err == nil {
		t.Error("nil: no error")
	}
}
