//go:build handles_raw

package main

// With -tags handles_raw (make bench-handles-breakdown), the breakdown also
// times the loop written directly against internal/shim: the same cgo calls
// the public API makes (sj_parse, sj_find, sj_path), without the public
// wrapper (handle checks, pinning per Parse, path encoding, errors). Kept
// behind a build tag so that the plain benchmark does not depend on the
// internal package's API.

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/shim"
)

func init() { rawPass = rawShimPass }

var raw struct {
	c      unsafe.Pointer
	res    *shim.Result
	pinner runtime.Pinner
	paths  [3][]byte // actor/login, repo/name, payload/action
}

func pack(keys ...string) []byte {
	var b []byte
	for _, k := range keys {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(k)))
		b = append(b, k...)
	}
	return b
}

func rawErr(i int, what string, rc int) error {
	return fmt.Errorf("event %d: %s: shim code %d", i, what, rc)
}

func rawStr(rc int) ([]byte, int) {
	r := raw.res
	if rc != 0 {
		return nil, rc
	}
	if r.Flags&shim.FlagStr == 0 {
		if rc := shim.String(raw.c, r.Tok, r.Depth); rc != 0 {
			return nil, rc
		}
	}
	return unsafe.Slice((*byte)(r.Str), r.Slen), 0
}

func rawShimPass(lines [][]byte, level int) (uint64, error) {
	if raw.c == nil {
		raw.c = shim.NewParser(0, 0)
		raw.res = shim.ResultOf(raw.c)
		raw.paths = [3][]byte{pack("actor", "login"), pack("repo", "name"), pack("payload", "action")}
	}
	// All lines share one buffer: pin it once per pass, not per parse (and
	// unpin after, so that the public API's own pinning is measured alone).
	raw.pinner.Pin(unsafe.Pointer(unsafe.SliceData(lines[0])))
	defer raw.pinner.Unpin()
	c := raw.c
	var sum uint64
	for i, line := range lines {
		if rc := shim.Parse(c, unsafe.Pointer(unsafe.SliceData(line)), uint64(len(line)), uint64(cap(line)), false); rc != 0 {
			return 0, rawErr(i, "parse", rc)
		}
		tok, depth := raw.res.Tok, raw.res.Depth
		var s []byte
		var rc int
		for k := 1; k <= level && k <= 5; k++ {
			switch k {
			case 1:
				s, rc = rawStr(shim.Find(c, tok, depth, "type", 0, 0))
			case 2:
				s, rc = rawStr(shim.Path(c, tok, depth, raw.paths[0]))
			case 3:
				s, rc = rawStr(shim.Path(c, tok, depth, raw.paths[1]))
			case 4:
				s, rc = rawStr(shim.Find(c, tok, depth, "created_at", 0, 0))
			case 5:
				s, rc = rawStr(shim.Path(c, tok, depth, raw.paths[2]))
				if rc == int(simdjson.ErrNoSuchField) {
					continue
				}
				sum++
			}
			if rc != 0 {
				return 0, rawErr(i, paths[k-1].name, rc)
			}
			sum += uint64(len(s))
		}
	}
	return sum, nil
}
