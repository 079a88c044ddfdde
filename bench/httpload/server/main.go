// Command server is the HTTP load test's server (bench/http.sh builds one
// binary per JSON library, chosen by build tag, and httpload runs each as
// its own process). POST /order decodes the body, an order, into its Go
// type with the library's Decoder and answers with a reply encoded by the
// library's Encoder: one line per item, so the reply grows with the body.
// With -framework gin the same route is a gin handler, c.ShouldBindJSON and
// c.JSON, on the codec gin uses for that library (its sonic and go_json
// build tags, or ginjson.API for this module's package json).
//
//	go build -tags lib_simdjson -o server-simdjson ./httpload/server
//	go build -tags lib_sonic,sonic -o server-sonic ./httpload/server
//	go build -tags lib_goccy,go_json -o server-goccy ./httpload/server
//	go build -o server-std ./httpload/server            # encoding/json
//
// It prints one JSON line on stdout once it listens (addr, library,
// framework, gomaxprocs, gin_codec) and serves until SIGTERM or SIGINT.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	_ "net/http/pprof" // on -pprof's listener only (http.DefaultServeMux)
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
	gjson "github.com/gin-gonic/gin/codec/json"
	"github.com/simdjson-cgo/simdjson/bench/internal/order"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	framework := flag.String("framework", "nethttp", "nethttp (a ServeMux handler) or gin")
	pprofAddr := flag.String("pprof", "", "also serve net/http/pprof on this address (e.g. 127.0.0.1:0)")
	flag.Parse()
	if gjson.Package != ginPackage {
		log.Fatalf("gin's codec is %s, want %s: build with the tags in the package comment", gjson.Package, ginPackage)
	}
	var h http.Handler
	switch *framework {
	case "nethttp":
		mux := http.NewServeMux()
		mux.HandleFunc("POST /order", handleOrder)
		h = mux
	case "gin":
		gin.SetMode(gin.ReleaseMode)
		r := gin.New()
		r.Use(gin.Recovery())
		r.POST("/order", ginOrder)
		h = r
	default:
		log.Fatalf("-framework %q: want nethttp or gin", *framework)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	hello := map[string]any{"addr": ln.Addr().String(), "library": library, "framework": *framework,
		"gomaxprocs": runtime.GOMAXPROCS(0), "gin_codec": gjson.Package, "go": runtime.Version()}
	if *pprofAddr != "" {
		pln, err := net.Listen("tcp", *pprofAddr)
		if err != nil {
			log.Fatal(err)
		}
		hello["pprof"] = pln.Addr().String()
		go func() { log.Print(http.Serve(pln, nil)) }()
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sig
		srv.Close()
	}()
	b, _ := json.Marshal(hello)
	fmt.Println(string(b))
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}

// handleOrder is the net/http handler: the library's Decoder over r.Body,
// its Encoder over w.
func handleOrder(w http.ResponseWriter, r *http.Request) {
	var o order.Order
	if err := decode(r.Body, &o); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if err := encode(w, order.ReplyFor(&o)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// ginOrder is the gin handler: ShouldBindJSON and c.JSON through gin's
// codec.
func ginOrder(c *gin.Context) {
	var o order.Order
	if err := c.ShouldBindJSON(&o); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, order.ReplyFor(&o))
}
