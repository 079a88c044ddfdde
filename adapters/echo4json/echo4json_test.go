package echo4json_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/simdjson-cgo/simdjson/adapters/echo4json"
	"github.com/simdjson-cgo/simdjson/adapters/internal/adaptertest"
)

// server is an Echo v4 app on loopback with the given serializer (nil: the
// default). A bind error goes to Echo's error handler as it is, its text
// in an X-Error header.
func server(s echo.JSONSerializer) *httptest.Server {
	e := echo.New()
	e.HideBanner = true
	if s != nil {
		e.JSONSerializer = s
	}
	e.POST("/order", func(c echo.Context) error {
		var o adaptertest.Order
		if err := c.Bind(&o); err != nil {
			c.Response().Header().Set("X-Error", strconv.Quote(err.Error()))
			return err
		}
		return c.JSON(http.StatusOK, adaptertest.ReplyFor(&o))
	})
	e.POST("/order-pretty", func(c echo.Context) error {
		var o adaptertest.Order
		if err := c.Bind(&o); err != nil {
			return err
		}
		return c.JSONPretty(http.StatusOK, adaptertest.ReplyFor(&o), "\t")
	})
	e.POST("/witness", func(c echo.Context) error {
		var w adaptertest.Witnessed
		if err := c.Bind(&w); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, w)
	})
	return httptest.NewServer(e)
}

// TestEcho4 sends every case to two Echo v4 servers on loopback, one with
// the default serializer and one with echo4json's, and compares status,
// headers (the error text included) and body byte for byte.
func TestEcho4(t *testing.T) {
	std, ours := server(nil), server(echo4json.Serializer{})
	defer std.Close()
	defer ours.Close()
	for _, path := range []string{"/order", "/order-pretty"} {
		adaptertest.Same(t, adaptertest.Collect(t, std.URL+path), adaptertest.Collect(t, ours.URL+path))
	}
	adaptertest.CheckWitness(t, std.URL+"/witness", "encoding/json")
	adaptertest.CheckWitness(t, ours.URL+"/witness", "simdjson")
}
