package chirender_test

import (
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/render"
	"github.com/simdjson-cgo/simdjson/adapters/chirender"
	"github.com/simdjson-cgo/simdjson/adapters/internal/adaptertest"
)

// orderRequest is a render.Binder: render.Bind decodes through render.Decode.
type orderRequest struct{ adaptertest.Order }

func (o *orderRequest) Bind(*http.Request) error {
	if o.ID == "" {
		return errors.New("missing id")
	}
	return nil
}

// badReply cannot be encoded: render.JSON answers 500 with the error's text.
type badReply struct{ F float64 }

func router() http.Handler {
	r := chi.NewRouter()
	fail := func(w http.ResponseWriter, r *http.Request, err error) {
		w.Header().Set("X-Error", strconv.Quote(err.Error()))
		render.Status(r, http.StatusBadRequest)
		render.Respond(w, r, render.M{"error": err.Error()})
	}
	r.Post("/order", func(w http.ResponseWriter, r *http.Request) {
		var o adaptertest.Order
		if err := render.Decode(r, &o); err != nil {
			fail(w, r, err)
			return
		}
		render.Respond(w, r, adaptertest.ReplyFor(&o))
	})
	r.Post("/order-bind", func(w http.ResponseWriter, r *http.Request) {
		var o orderRequest
		if err := render.Bind(r, &o); err != nil {
			fail(w, r, err)
			return
		}
		render.Status(r, http.StatusCreated)
		render.Respond(w, r, adaptertest.ReplyFor(&o.Order))
	})
	r.Post("/bad-reply", func(w http.ResponseWriter, r *http.Request) {
		render.Respond(w, r, badReply{math.Inf(1)})
	})
	r.Post("/witness", func(w http.ResponseWriter, r *http.Request) {
		var v adaptertest.Witnessed
		if err := render.Decode(r, &v); err != nil {
			fail(w, r, err)
			return
		}
		render.Respond(w, r, v)
	})
	return r
}

// TestRender sends every case to a chi router on loopback whose handlers
// use render.Decode, render.Bind and render.Respond, first with render's
// defaults and then with chirender's, and compares the replies byte for
// byte.
func TestRender(t *testing.T) {
	srv := httptest.NewServer(router())
	defer srv.Close()
	decode, respond := render.Decode, render.Respond
	defer func() { render.Decode, render.Respond = decode, respond }()

	paths := []string{"/order", "/order-bind", "/bad-reply"}
	want := map[string]map[string]adaptertest.Result{}
	for _, p := range paths {
		want[p] = adaptertest.Collect(t, srv.URL+p)
	}
	adaptertest.CheckWitness(t, srv.URL+"/witness", "encoding/json")

	render.Decode, render.Respond = chirender.Decode, chirender.Respond
	for _, p := range paths {
		got := adaptertest.Collect(t, srv.URL+p)
		if p == "/bad-reply" { // every case a 500: compare, no reply to accept
			for name, w := range want[p] {
				if g := got[name]; w.String() != g.String() || w.Status != http.StatusInternalServerError {
					t.Errorf("%s %s: got %v, want %v", p, name, g, w)
				}
			}
			continue
		}
		adaptertest.Same(t, want[p], got)
	}
	adaptertest.CheckWitness(t, srv.URL+"/witness", "simdjson")
}
