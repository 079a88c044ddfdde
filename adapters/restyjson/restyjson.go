// Package restyjson plugs package json into resty v2 clients: request
// bodies are encoded with package json's encoder and JSON replies (SetResult,
// SetError) decoded with simdjson; the bytes sent and the errors returned
// stay those of resty's default (encoding/json). One line:
//
//	client := restyjson.Use(resty.New())
//
// which is client.SetJSONMarshaler(json.Marshal).SetJSONUnmarshaler(json.Unmarshal).
// A request or client with SetJSONEscapeHTML(false) is encoded by resty's
// own encoding/json path, which takes no marshaler.
package restyjson

import (
	"github.com/go-resty/resty/v2"
	"github.com/simdjson-cgo/simdjson/json"
)

// Use sets package json's Marshal and Unmarshal as c's JSON marshaler and
// unmarshaler and returns c.
func Use(c *resty.Client) *resty.Client {
	return c.SetJSONMarshaler(json.Marshal).SetJSONUnmarshaler(json.Unmarshal)
}
