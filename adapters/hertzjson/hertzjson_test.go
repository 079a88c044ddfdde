package hertzjson_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/bytedance/sonic"
	"github.com/cloudwego/hertz/pkg/app"
	"github.com/cloudwego/hertz/pkg/app/server"
	"github.com/cloudwego/hertz/pkg/app/server/binding"
	"github.com/cloudwego/hertz/pkg/app/server/render"
	"github.com/cloudwego/hertz/pkg/common/hlog"
	hjson "github.com/cloudwego/hertz/pkg/common/json"
	"github.com/simdjson-cgo/simdjson/adapters/hertzjson"
	"github.com/simdjson-cgo/simdjson/adapters/internal/adaptertest"
)

// serve starts a Hertz server on a loopback listener and returns its base
// URL; it shuts down when t ends. A bind error is answered with a 400
// whose JSON body and X-Error header carry its text.
func serve(t *testing.T) string {
	hlog.SetOutput(io.Discard)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := server.New(server.WithListener(ln), server.WithDisablePrintRoute(true), server.WithExitWaitTime(time.Second))
	h.POST("/order", func(ctx context.Context, c *app.RequestContext) {
		var o adaptertest.Order
		if err := c.Bind(&o); err != nil {
			c.Header("X-Error", strconv.Quote(err.Error()))
			c.JSON(http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, adaptertest.ReplyFor(&o))
	})
	h.POST("/witness", func(ctx context.Context, c *app.RequestContext) {
		var w adaptertest.Witnessed
		if err := c.Bind(&w); err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		c.JSON(http.StatusOK, w)
	})
	done := make(chan error, 1)
	go func() { done <- h.Run() }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := h.Shutdown(ctx); err != nil {
			t.Error(err)
		}
		<-done
	})
	url := "http://" + ln.Addr().String()
	for i := 0; ; i++ { // Run returns before it accepts
		c, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			c.Close()
			break
		}
		if i == 100 {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return url
}

// defaultJSON names the package behind Hertz's default JSON hooks, as
// the witness sees it: hjson.Name ("sonic" on amd64 and arm64), except
// that sonic is itself encoding/json where it has no native code (Go 1.27
// and later, Go before 1.17, other CPUs: its compat.go, sonic.APIKind ==
// sonic.UseStdJSON), and hjson.Name does not say so.
func defaultJSON() string {
	if hjson.Name == "sonic" && sonic.APIKind == sonic.UseStdJSON {
		return "encoding/json"
	}
	return hjson.Name
}

// TestHertz sends every case to a Hertz server on loopback under three
// settings of its JSON hooks, its default (sonic's ConfigStd on amd64),
// encoding/json (ResetStdJSONMarshal, UseStdJSONUnmarshaler) and
// hertzjson.Use: with hertzjson every reply must equal encoding/json's
// byte for byte, errors included; its statuses must be the default's and
// so must each valid order's reply, byte for byte. (Where the default is
// sonic's fallback to encoding/json, its error texts are still its own: it
// decodes through a json.Decoder, "unexpected EOF" for a cut body, and an
// empty text for trailing content, on Go 1.27.3 with sonic v1.15.0.)
func TestHertz(t *testing.T) {
	url := serve(t)
	unmarshal := hjson.Unmarshal
	defer func() {
		render.ResetJSONMarshal(hjson.Marshal)
		binding.NewBindConfig().UseThirdPartyJSONUnmarshaler(unmarshal)
	}()

	def := adaptertest.Collect(t, url+"/order")
	adaptertest.CheckWitness(t, url+"/witness", defaultJSON()) // "sonic" or "encoding/json"

	render.ResetStdJSONMarshal()
	binding.NewBindConfig().UseStdJSONUnmarshaler()
	std := adaptertest.Collect(t, url+"/order")
	adaptertest.CheckWitness(t, url+"/witness", "encoding/json")

	hertzjson.Use()
	got := adaptertest.Collect(t, url+"/order")
	adaptertest.CheckWitness(t, url+"/witness", "simdjson")

	adaptertest.Same(t, std, got)
	for name, d := range def { // sonic's error texts are its own; statuses and valid replies must agree
		if g := got[name]; d.Status != g.Status || d.Status == http.StatusOK && d.String() != g.String() {
			t.Errorf("%s: Hertz's default (%s) answered\n\t%v\nhertzjson\n\t%v", name, hjson.Name, d, g)
		}
	}
}
