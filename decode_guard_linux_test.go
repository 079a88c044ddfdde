//go:build cgo && linux

package simdjson_test

import (
	stdjson "encoding/json"
	"reflect"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// TestDecodeBeforeGuardPage: documents that end right before a page that
// cannot be read, their last key as long as a field's name, decode through
// Parse and MapDecode as encoding/json decodes them. (The object walk
// reads a key's first eight bytes only when they lie in the input, else
// takes the careful path; both Parse and the map copy a buffer with no
// room for simdjson's padding, so removing that check is not caught here:
// the input always has the padding after it. This checks the results at
// the input's end and that no read reaches past the caller's buffer.)
func TestDecodeBeforeGuardPage(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	require.NoError(t, err)
	defer syscall.Munmap(mem)
	require.NoError(t, syscall.Mprotect(mem[page:], syscall.PROT_NONE))
	p := simdjson.NewParser()
	defer p.Close()
	for _, doc := range []string{`{"a":1}`, `{"x":0,"a":1}`, `{"type":"t"}`, `{"x":0,"typE":"t"}`, `{"tYpe":"t"}`,
		`{"x":0,"pull_request":3}`, `{"pull_requesT":3}`, `{"languagE":2}`, `{"abcdefghijklmnopqrst":4}`,
		`{"zzzzzzzz":1}`, `{"zzzz":1}`, `{"n":{"type":"u"},"a@b":5}`} {
		for _, nl := range []string{"", "\n"} {
			src := doc + nl
			buf := mem[page-len(src) : page : page]
			copy(buf, src)
			var want keysTarget
			require.NoError(t, stdjson.Unmarshal(buf, &want), src)
			d, err := p.Parse(buf)
			require.NoError(t, err, src)
			var got keysTarget
			require.NoError(t, d.Value.Decode(&got), src)
			require.True(t, reflect.DeepEqual(got, want), "%q: Decode %+v, Unmarshal %+v", src, got, want)
			// (No require inside fn: it runs on a thread created in C.)
			var seen []keysTarget
			_, err = simdjson.MapDecode(simdjson.Bytes(buf), func(int) *int { return new(int) },
				func(_ *int, v *keysTarget) error { seen = append(seen, *v); return nil }, simdjson.Threads(1))
			require.NoError(t, err, src)
			require.Len(t, seen, 1, src)
			require.True(t, reflect.DeepEqual(seen[0], want), "%q: MapDecode %+v, Unmarshal %+v", src, seen[0], want)
		}
	}
}
