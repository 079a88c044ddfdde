//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"encoding/json/jsontext"

	"github.com/simdjson-cgo/simdjson/internal/jtlink"
)

func init() {
	jtlink.StdDecoder = func(d any) *jsontext.Decoder {
		dd, _ := d.(*Decoder)
		if dd == nil {
			return nil
		}
		return dd.exact()
	}
	jtlink.DecodeNext = func(d any, take func([]byte, any) bool, out any) bool {
		dd, _ := d.(*Decoder)
		if dd == nil || len(dd.opts) != 0 || !dd.fast() {
			return false
		}
		if _, ok := dd.readFastWith(take, out); !ok {
			return false
		}
		if dd.pos == len(dd.buf) {
			// Nothing unread (a request body): the buffer goes back to
			// its pool, as nothing handed out from it is valid past
			// this call.
			dd.setBuf(nil, nil)
			dd.pos = 0
		}
		return true
	}
	jtlink.StdEncoder = func(e any) *jsontext.Encoder {
		ee, _ := e.(*Encoder)
		if ee == nil {
			return nil
		}
		return ee.std()
	}
	jtlink.WrapDecoder = func(d *jsontext.Decoder) any {
		if d == nil {
			return (*Decoder)(nil)
		}
		return &Decoder{s: d, mode: wrapMode}
	}
	jtlink.WrapEncoder = func(e *jsontext.Encoder) any {
		if e == nil {
			return (*Encoder)(nil)
		}
		return &Encoder{s: e}
	}
}
