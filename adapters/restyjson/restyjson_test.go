package restyjson_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/go-resty/resty/v2"
	"github.com/simdjson-cgo/simdjson/adapters/internal/adaptertest"
	"github.com/simdjson-cgo/simdjson/adapters/restyjson"
)

// server answers POST /ok/NAME with case NAME's body as a 200 and POST
// /err/NAME with it as a 422, each with the case's content type, and
// records the request bodies it received.
type server struct {
	mu       sync.Mutex
	received []string
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.mu.Lock()
	s.received = append(s.received, r.Header.Get("Content-Type")+" "+string(b))
	s.mu.Unlock()
	status, name := http.StatusOK, strings.TrimPrefix(r.URL.Path, "/ok/")
	if rest, ok := strings.CutPrefix(r.URL.Path, "/err/"); ok {
		status, name = http.StatusUnprocessableEntity, rest
	}
	if name == "witness" {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, adaptertest.WitnessBody)
		return
	}
	for _, c := range adaptertest.Cases() {
		if c.Name == name {
			w.Header().Set("Content-Type", c.ContentType)
			w.WriteHeader(status)
			io.WriteString(w, c.Body)
			return
		}
	}
	http.NotFound(w, r)
}

// exchange is what a client saw of one request: the error's text, the
// status and the values decoded into SetResult and SetError.
type exchange struct {
	Err    string
	Status int
	Result *adaptertest.Order
	Error  *adaptertest.Order
}

// run sends, for every case, a rich value as the JSON body to /ok/NAME and
// /err/NAME with SetResult and SetError, and returns what the client saw
// and what the server received.
func run(t *testing.T, url string, client *resty.Client, srv *server) ([]exchange, []string) {
	t.Helper()
	body := adaptertest.ReplyFor(&adaptertest.Order{ID: "req-1", Note: "<&> \u2028", Meta: map[string]any{"z": 1.5, "a": []any{"x", nil}}})
	var out []exchange
	for _, c := range adaptertest.Cases() {
		for _, path := range []string{"/ok/", "/err/"} {
			var res, errv adaptertest.Order
			resp, err := client.R().SetBody(body).SetResult(&res).SetError(&errv).Post(url + path + c.Name)
			x := exchange{Result: &res, Error: &errv}
			if err != nil {
				x.Err = err.Error()
			}
			if resp != nil {
				x.Status = resp.StatusCode()
			}
			out = append(out, x)
		}
	}
	// A map body and a string body (sent as is).
	for _, b := range []any{map[string]any{"b": "<b>", "a": 1e21, "c": []int{1, 2}}, `{"raw":true}`} {
		if _, err := client.R().SetBody(b).SetHeader("Content-Type", "application/json").Post(url + "/ok/order"); err != nil {
			t.Fatal(err)
		}
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	received := srv.received
	srv.received = nil
	return out, received
}

// TestResty posts to a net/http server on loopback with a default resty
// client and with one set up by restyjson.Use, and compares the request
// bytes the server received, the errors' text and the decoded results.
func TestResty(t *testing.T) {
	srv := &server{}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	stdClient, ourClient := resty.New().SetLogger(quiet{}), restyjson.Use(resty.New().SetLogger(quiet{}))
	want, wantSent := run(t, ts.URL, stdClient, srv)
	got, gotSent := run(t, ts.URL, ourClient, srv)
	if !reflect.DeepEqual(wantSent, gotSent) {
		t.Errorf("the server received\n%q\nfrom the adapted client, and\n%q\nfrom the default", gotSent, wantSent)
	}
	errs := 0
	for i := range want {
		if !reflect.DeepEqual(want[i], got[i]) {
			t.Errorf("request %d: with restyjson %s, with resty's default %s", i, dump(got[i]), dump(want[i]))
		}
		if got[i].Err != "" {
			errs++
		}
		if testing.Verbose() {
			t.Logf("request %d: %s", i, dump(got[i]))
		}
	}
	if errs < 10 {
		t.Errorf("only %d errors: the malformed replies should fail", errs)
	}

	// Which package encoded the body and decoded the reply.
	adaptertest.Witnesses()
	for _, c := range []struct {
		client *resty.Client
		want   string
	}{{stdClient, "encoding/json"}, {ourClient, "simdjson"}} {
		var res adaptertest.Witnessed
		if _, err := c.client.R().SetBody(adaptertest.Witnessed{ID: "w"}).SetResult(&res).Post(ts.URL + "/ok/witness"); err != nil {
			t.Fatal(err)
		}
		dec, enc := adaptertest.Witnesses()
		if fmt.Sprint(enc) != "["+c.want+"]" || fmt.Sprint(dec) != "["+c.want+"]" {
			t.Errorf("%s client: the body was encoded by %v, the reply decoded by %v", c.want, enc, dec)
		}
	}
}

func dump(x exchange) string {
	b, _ := json.Marshal(x)
	return string(b)
}

// quiet drops resty's log lines (a warning for each reply it cannot decode).
type quiet struct{}

func (quiet) Errorf(string, ...any) {}
func (quiet) Warnf(string, ...any)  {}
func (quiet) Debugf(string, ...any) {}
