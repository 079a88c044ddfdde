// Package fiber2json plugs package json into Fiber v2: c.BodyParser
// decodes JSON bodies with simdjson and c.JSON encodes with package json's
// encoder; bytes, status codes and error texts stay those of Fiber's
// default (encoding/json's Marshal and Unmarshal). Fiber takes the two
// functions in its configuration, so the one line needs nothing of this
// package:
//
//	app := fiber.New(fiber.Config{JSONEncoder: json.Marshal, JSONDecoder: json.Unmarshal})
//
// or, to keep a configuration built elsewhere, fiber.New(fiber2json.Config(cfg)).
package fiber2json

import (
	"github.com/gofiber/fiber/v2"
	"github.com/simdjson-cgo/simdjson/json"
)

// Config returns c with package json's Marshal and Unmarshal as its JSON
// encoder and decoder.
func Config(c fiber.Config) fiber.Config {
	c.JSONEncoder, c.JSONDecoder = json.Marshal, json.Unmarshal
	return c
}
