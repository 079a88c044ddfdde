// Package ginjson plugs package json into gin (1.11 and later): request
// bodies (ShouldBindJSON, BindJSON, ...) decode with simdjson, and c.JSON
// and the other JSON renderers encode with package json's encoder; bytes,
// status codes and error texts stay those of gin's default encoding/json
// codec. One line, before the engine serves:
//
//	import (
//		gjson "github.com/gin-gonic/gin/codec/json"
//		"github.com/simdjson-cgo/simdjson/adapters/ginjson"
//	)
//
//	gjson.API = ginjson.API
package ginjson

import (
	"io"

	gjson "github.com/gin-gonic/gin/codec/json"
	"github.com/simdjson-cgo/simdjson/json"
)

// API is gin's codec/json.Core on package json.
var API gjson.Core = api{}

type api struct{}

func (api) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (api) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (api) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return json.MarshalIndent(v, prefix, indent)
}
func (api) NewEncoder(w io.Writer) gjson.Encoder { return json.NewEncoder(w) }
func (api) NewDecoder(r io.Reader) gjson.Decoder { return json.NewDecoder(r) }
