// Package echo5json plugs package json into Echo v5: c.Bind decodes JSON
// bodies with simdjson and c.JSON encodes with package json's encoder;
// bytes, status codes and errors stay those of Echo's
// DefaultJSONSerializer (encoding/json). One line:
//
//	e.JSONSerializer = echo5json.Serializer{}
package echo5json

import (
	"bytes"
	"sync"

	"github.com/labstack/echo/v5"
	"github.com/simdjson-cgo/simdjson/json"
)

// Serializer is echo.DefaultJSONSerializer on package json.
type Serializer struct{}

var _ echo.JSONSerializer = Serializer{}

// Serialize writes the JSON encoding of target to the response, indented
// when indent is not empty.
func (Serializer) Serialize(c *echo.Context, target any, indent string) error {
	enc := json.NewEncoder(c.Response())
	if indent != "" {
		enc.SetIndent("", indent)
	}
	return enc.Encode(target)
}

// bufs holds the buffers bodies are read into, as Echo's serializer does;
// one that grew past maxPooled is dropped.
var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooled = 1 << 16

// Deserialize reads the whole request body and decodes it into target with
// Unmarshal (Echo v5's serializer does the same with encoding/json): a
// read error keeps its status or becomes a 400, a decoding error a 400
// wrapping it.
func (Serializer) Deserialize(c *echo.Context, target any) error {
	buf := bufs.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= maxPooled {
			bufs.Put(buf)
		}
	}()
	if _, err := buf.ReadFrom(c.Request().Body); err != nil {
		if echo.StatusCode(err) != 0 {
			return err
		}
		return echo.ErrBadRequest.Wrap(err)
	}
	if err := json.Unmarshal(buf.Bytes(), target); err != nil {
		return echo.ErrBadRequest.Wrap(err)
	}
	return nil
}
