package fiber2json_test

import (
	"net"
	"net/http"
	"strconv"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/simdjson-cgo/simdjson/adapters/fiber2json"
	"github.com/simdjson-cgo/simdjson/adapters/internal/adaptertest"
	"github.com/simdjson-cgo/simdjson/json"
)

// serve starts a Fiber v2 app with the given configuration on a loopback
// listener and returns its base URL; the app shuts down when t ends. A
// bind error goes to Fiber's error handler as it is, its text in an
// X-Error header.
func serve(t *testing.T, cfg fiber.Config) string {
	cfg.DisableStartupMessage = true
	app := fiber.New(cfg)
	app.Post("/order", func(c *fiber.Ctx) error {
		var o adaptertest.Order
		if err := c.BodyParser(&o); err != nil {
			c.Set("X-Error", strconv.Quote(err.Error()))
			return err
		}
		return c.JSON(adaptertest.ReplyFor(&o))
	})
	app.Post("/witness", func(c *fiber.Ctx) error {
		var w adaptertest.Witnessed
		if err := c.BodyParser(&w); err != nil {
			return err
		}
		return c.Status(http.StatusOK).JSON(w)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- app.Listener(ln) }()
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return "http://" + ln.Addr().String()
}

// TestFiber2 sends every case to two Fiber v2 apps on loopback, one with
// the default codec and one with package json's, and compares status,
// headers (the error text included) and body byte for byte.
func TestFiber2(t *testing.T) {
	std := serve(t, fiber.Config{})
	ours := serve(t, fiber2json.Config(fiber.Config{}))
	adaptertest.Same(t, adaptertest.Collect(t, std+"/order"), adaptertest.Collect(t, ours+"/order"))
	adaptertest.CheckWitness(t, std+"/witness", "encoding/json")
	adaptertest.CheckWitness(t, ours+"/witness", "simdjson")
	// The README's line, without this package.
	direct := serve(t, fiber.Config{JSONEncoder: json.Marshal, JSONDecoder: json.Unmarshal})
	adaptertest.CheckWitness(t, direct+"/witness", "simdjson")
}
