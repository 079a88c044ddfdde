// Package fiber3json plugs package json into Fiber v3: c.Bind().Body and c.Bind().JSON
// decodes JSON bodies with simdjson and c.JSON encodes with package json's
// encoder; bytes, status codes and error texts stay those of Fiber's
// default (encoding/json's Marshal and Unmarshal). Fiber takes the two
// functions in its configuration, so the one line needs nothing of this
// package:
//
//	app := fiber.New(fiber.Config{JSONEncoder: json.Marshal, JSONDecoder: json.Unmarshal})
//
// or, to keep a configuration built elsewhere, fiber.New(fiber3json.Config(cfg)).
package fiber3json

import (
	"github.com/gofiber/fiber/v3"
	"github.com/simdjson-cgo/simdjson/json"
)

// Config returns c with package json's Marshal and Unmarshal as its JSON
// encoder and decoder.
func Config(c fiber.Config) fiber.Config {
	c.JSONEncoder, c.JSONDecoder = json.Marshal, json.Unmarshal
	return c
}
