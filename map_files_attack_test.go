//go:build cgo && unix

package simdjson_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

type advLine struct {
	F   int    `json:"f"`
	L   int    `json:"l"`
	Pad string `json:"pad"`
}

func advDescribe(err error) string {
	if err == nil {
		return "<nil>"
	}
	var le *simdjson.LineError
	if errors.As(err, &le) {
		return fmt.Sprintf("LineError %s:%d", filepath.Base(le.File), le.Line)
	}
	return fmt.Sprintf("%T", err)
}

// TestMapFilesAttack: files of several kinds (good, syntax-bad line,
// type-bad line for MapDecode, line over MaxDocumentSize, missing,
// directory, truncated gzip, empty), Map and MapDecode, stop policy, 1-4
// threads: no hang, every slot accounted, and the error a sequential
// Stream (Decoded for MapDecode) over the same files gives.
func TestMapFilesAttack(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 5))
	slots := trackSlots(t)
	rounds := 40
	var mismatches []string
	for round := range rounds {
		var files []string
		for i := range 5 {
			name := filepath.Join(dir, fmt.Sprintf("r%d-f%d.json", round, i))
			kind := rng.IntN(9) // 4: a good file (a missing one fails the map up front, as documented)
			var b strings.Builder
			lines := 20 + rng.IntN(300)
			bad := rng.IntN(lines)
			for l := range lines {
				switch {
				case l == bad && kind == 1:
					b.WriteString("{\"f\": tru}\n")
				case l == bad && kind == 2:
					b.WriteString("{\"f\":\"str\"}\n") // type error for MapDecode only
				case l == bad && kind == 3:
					fmt.Fprintf(&b, "{\"pad\":%q}\n", strings.Repeat("x", 3000)) // over MaxDocumentSize
				default:
					fmt.Fprintf(&b, "{\"f\":%d,\"l\":%d,\"pad\":%q}\n", i, l, strings.Repeat("p", rng.IntN(60)))
				}
			}
			data := []byte(b.String())
			switch kind {
			case 5:
				os.Mkdir(name, 0o755)
			case 6:
				g := gz(t, data)
				name = writeFile(t, dir, filepath.Base(name)+".gz", g[:len(g)/2])
			case 7:
				name = writeFile(t, dir, filepath.Base(name), nil)
			default:
				if rng.IntN(2) == 0 {
					name = writeFile(t, dir, filepath.Base(name)+".gz", gz(t, data))
				} else {
					name = writeFile(t, dir, filepath.Base(name), data)
				}
			}
			files = append(files, name)
		}
		opts := func(threads int) []simdjson.StreamOption {
			return []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096), simdjson.MaxDocumentSize(2048)}
		}
		// The reference: each file streamed alone; the first file (in
		// order) with a bad line names the map's error; with none, the
		// faults (joined) or nil.
		wantMap, wantDec := advFirstBad(files, false), advFirstBad(files, true)
		threads := 1 + round%4
		what := fmt.Sprintf("round %d, %d threads", round, threads)
		withDeadline(t, 60*time.Second, what+" Map", func() {
			_, got := simdjson.Map(simdjson.Files(files...), func(int) *int { return new(int) },
				func(*int, simdjson.Document) error { return nil }, opts(threads)...)
			if !advSame(got, wantMap) {
				mismatches = append(mismatches, fmt.Sprintf("%s Map: got %v, Stream %v", what, got, wantMap))
			}
		})
		if _, lost := advTake(slots); len(lost) > 0 {
			t.Errorf("%s Map: slots lost: %v", what, lost)
		}
		withDeadline(t, 60*time.Second, what+" MapDecode", func() {
			_, got := simdjson.MapDecode(simdjson.Files(files...), func(int) *int { return new(int) },
				func(*int, *advLine) error { return nil }, opts(threads)...)
			if !advSame(got, wantDec) {
				mismatches = append(mismatches, fmt.Sprintf("%s MapDecode: got %v, Decoded %v", what, got, wantDec))
			}
		})
		if _, lost := advTake(slots); len(lost) > 0 {
			t.Errorf("%s MapDecode: slots lost: %v", what, lost)
		}
	}
	for _, m := range mismatches {
		t.Error(m)
	}
}

// advTake is slotCheck.take with a 2 s wait (a map that fails before it
// starts its producers reports nothing).
func advTake(c *slotCheck) (int, []string) {
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		calls, lost := c.calls, c.lost
		if calls > 0 || time.Now().After(deadline) {
			c.calls, c.lost = 0, nil
			c.mu.Unlock()
			return calls, lost
		}
		c.mu.Unlock()
	}
}

func advFirstBad(files []string, dec bool) error {
	var faults []error
	for _, f := range files {
		p := simdjson.NewParser()
		s := p.Stream(simdjson.Files(f), simdjson.MaxDocumentSize(2048))
		if dec {
			for range simdjson.Decoded[advLine](s) {
			}
		} else {
			for range s.Documents() {
			}
		}
		err := s.Err()
		p.Close()
		var le *simdjson.LineError
		if errors.As(err, &le) {
			return le
		}
		if err != nil {
			faults = append(faults, err)
		}
	}
	return errors.Join(faults...)
}

func advSame(got, want error) bool {
	var gl, wl *simdjson.LineError
	if errors.As(want, &wl) {
		return errors.As(got, &gl) && gl.File == wl.File && gl.Line == wl.Line
	}
	if want == nil || got == nil {
		return (want == nil) == (got == nil)
	}
	return got.Error() == want.Error()
}
