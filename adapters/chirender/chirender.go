// Package chirender plugs package json into go-chi/render: render.Bind and
// render.Decode decode JSON bodies with simdjson, and render.Render and
// render.Respond encode JSON replies with package json's encoder; bytes,
// status codes and error texts stay those of render's defaults
// (encoding/json). render.Decode and render.Respond are package variables,
// so one line, before serving:
//
//	render.Decode, render.Respond = chirender.Decode, chirender.Respond
//
// XML, form and event-stream requests and replies, and channels, still go
// to render's defaults. Calls of render.JSON and render.DecodeJSON by name
// are encoding/json's: call this package's JSON and DecodeJSON instead.
package chirender

import (
	"bytes"
	"io"
	"net/http"
	"reflect"

	"github.com/go-chi/render"
	"github.com/simdjson-cgo/simdjson/json"
)

// Decode is render.DefaultDecoder with package json for JSON bodies.
func Decode(r *http.Request, v any) error {
	if render.GetRequestContentType(r) == render.ContentTypeJSON {
		return DecodeJSON(r.Body, v)
	}
	return render.DefaultDecoder(r, v)
}

// DecodeJSON is render.DecodeJSON on package json: it decodes the first
// value of r into v and discards the rest of r.
func DecodeJSON(r io.Reader, v any) error {
	defer io.Copy(io.Discard, r) //nolint:errcheck // as render's
	return json.NewDecoder(r).Decode(v)
}

// Respond is render.DefaultResponder with package json for JSON replies
// (the default when the request's Accept header asks for no XML).
func Respond(w http.ResponseWriter, r *http.Request, v any) {
	if (v != nil && reflect.TypeOf(v).Kind() == reflect.Chan) || render.GetAcceptedContentType(r) == render.ContentTypeXML {
		render.DefaultResponder(w, r, v)
		return
	}
	JSON(w, r, v)
}

// JSON is render.JSON on package json: v encoded with HTML escaping, the
// status set by render.Status, Content-Type application/json; an encoding
// error is a 500 with its text.
func JSON(w http.ResponseWriter, r *http.Request, v any) {
	buf := &bytes.Buffer{}
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if status, ok := r.Context().Value(render.StatusCtxKey).(int); ok {
		w.WriteHeader(status)
	}
	w.Write(buf.Bytes()) //nolint:errcheck // as render's
}
