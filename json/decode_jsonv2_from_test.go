//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json/jsontext"
	"errors"
	"testing"
)

// Types with an UnmarshalJSONFrom method (encoding/json/v2's
// UnmarshalerFrom): encoding/json on v2 calls it first, before
// UnmarshalJSON and UnmarshalText (Go 1.27; the file needs its API).

type v2From struct{ Got string }

func (f *v2From) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if string(v) == `"fail"` {
		return errors.New("v2From: fail")
	}
	f.Got = "from:" + string(v)
	return nil
}

func (f *v2From) UnmarshalJSON(b []byte) error { f.Got = "json:" + string(b); return nil }

// v2Unsupported declines (errors.ErrUnsupported): the next rule decides.
type v2Unsupported struct{ A int }

func (*v2Unsupported) UnmarshalJSONFrom(*jsontext.Decoder) error { return errors.ErrUnsupported }

// v2FromString is a string kind with the method on its pointer.
type v2FromString string

func (s *v2FromString) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	*s = v2FromString("tok:" + tok.String())
	return nil
}

func TestUnmarshalJSONFrom(t *testing.T) {
	targets := []func() any{
		func() any { return new(v2From) },
		func() any { return new(*v2From) },
		func() any { return new([]v2From) },
		func() any { return new(map[string]v2From) },
		func() any {
			return new(struct {
				F v2From
				P *v2From
				S v2FromString
			})
		},
		func() any { return new(v2Unsupported) },
		func() any { return new(struct{ U v2Unsupported }) },
		func() any { return new(v2FromString) },
		func() any { return new(map[v2FromString]int) },
		func() any { var x any = &v2From{}; return &x },
	}
	for _, in := range []string{`"x"`, `"fail"`, `null`, `{"A":1}`, `[1,{"F":"a"}]`, `{"F":"a","P":"b","S":"c"}`,
		`{"U":{"A":2}}`, `{"k":"v"}`, `{"k":1}`, `[{"Got":"x"}]`, `{"F":"fail","S":1}`} {
		for _, mk := range targets {
			checkUnmarshal(t, "from", []byte(in), mk)
			checkDecodeOpts(t, "from", []byte(in), mk, true, true)
		}
	}
}
