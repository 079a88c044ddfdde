package ginjson_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	gjson "github.com/gin-gonic/gin/codec/json"
	"github.com/simdjson-cgo/simdjson/adapters/ginjson"
	"github.com/simdjson-cgo/simdjson/adapters/internal/adaptertest"
)

func engine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.POST("/order", func(c *gin.Context) {
		var o adaptertest.Order
		if err := c.ShouldBindJSON(&o); err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, adaptertest.ReplyFor(&o))
	})
	r.POST("/order-bind", func(c *gin.Context) { // BindJSON: gin answers 400 itself
		var o adaptertest.Order
		if err := c.BindJSON(&o); err == nil {
			c.PureJSON(http.StatusOK, adaptertest.ReplyFor(&o))
		}
	})
	r.POST("/witness", func(c *gin.Context) {
		var w adaptertest.Witnessed
		if err := c.ShouldBindJSON(&w); err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		c.JSON(http.StatusOK, w)
	})
	return r
}

// TestGin sends every case to a gin server on loopback, once with gin's
// default codec (encoding/json) and once with ginjson.API, and compares
// the replies byte for byte; the witness route proves which codec ran.
func TestGin(t *testing.T) {
	srv := httptest.NewServer(engine())
	defer srv.Close()
	std := gjson.API
	defer func() { gjson.API = std }()

	want := adaptertest.Collect(t, srv.URL+"/order")
	wantBind := adaptertest.Collect(t, srv.URL+"/order-bind")
	adaptertest.CheckWitness(t, srv.URL+"/witness", "encoding/json")

	gjson.API = ginjson.API
	got := adaptertest.Collect(t, srv.URL+"/order")
	gotBind := adaptertest.Collect(t, srv.URL+"/order-bind")
	adaptertest.CheckWitness(t, srv.URL+"/witness", "simdjson")

	adaptertest.Same(t, want, got)
	adaptertest.Same(t, wantBind, gotBind)
}
