// Package hertzjson plugs package json into Hertz: c.Bind and
// c.BindAndValidate decode JSON bodies with simdjson and c.JSON encodes
// with package json's encoder. Both settings are Hertz's process-wide
// hooks, so one line, before the server starts:
//
//	hertzjson.Use()
//
// which is render.ResetJSONMarshal(json.Marshal) and
// binding.NewBindConfig().UseThirdPartyJSONUnmarshaler(json.Unmarshal).
// Hertz's default JSON on amd64 and arm64 is sonic's ConfigStd, whose
// error texts are its own: with this package they are encoding/json's (as
// with Hertz's UseStdJSONUnmarshaler), and replies are encoding/json's
// bytes, which are ConfigStd's for the values tested. c.BindJSON, which
// calls Hertz's NewDecoder (a sonic or encoding/json Decoder by build tag),
// and c.PureJSON and c.IndentedJSON, which call encoding/json, are not
// affected.
package hertzjson

import (
	"github.com/cloudwego/hertz/pkg/app/server/binding"
	"github.com/cloudwego/hertz/pkg/app/server/render"
	"github.com/simdjson-cgo/simdjson/json"
)

// Use makes package json Hertz's JSON marshaler for rendering and its
// unmarshaler for binding.
func Use() {
	render.ResetJSONMarshal(json.Marshal)
	binding.NewBindConfig().UseThirdPartyJSONUnmarshaler(json.Unmarshal)
}
