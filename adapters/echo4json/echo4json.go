// Package echo4json plugs package json into Echo v4: c.Bind decodes JSON
// bodies with simdjson and c.JSON encodes with package json's encoder;
// bytes, status codes and error messages stay those of Echo's
// DefaultJSONSerializer (encoding/json). One line:
//
//	e.JSONSerializer = echo4json.Serializer{}
package echo4json

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/simdjson-cgo/simdjson/json"
)

// Serializer is echo.DefaultJSONSerializer on package json.
type Serializer struct{}

var _ echo.JSONSerializer = Serializer{}

// Serialize writes the JSON encoding of i to the response, indented when
// indent is not empty.
func (Serializer) Serialize(c echo.Context, i any, indent string) error {
	enc := json.NewEncoder(c.Response())
	if indent != "" {
		enc.SetIndent("", indent)
	}
	return enc.Encode(i)
}

// Deserialize decodes the request body into i; syntax and type errors
// become Echo's 400 errors with its messages.
func (Serializer) Deserialize(c echo.Context, i any) error {
	err := json.NewDecoder(c.Request().Body).Decode(i)
	if ute, ok := err.(*json.UnmarshalTypeError); ok {
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("Unmarshal type error: expected=%v, got=%v, field=%v, offset=%v", ute.Type, ute.Value, ute.Field, ute.Offset)).SetInternal(err)
	} else if se, ok := err.(*json.SyntaxError); ok {
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("Syntax error: offset=%v, error=%v", se.Offset, se.Error())).SetInternal(err)
	}
	return err
}
