//go:build lib_simdjson

package main

import (
	"io"

	gjson "github.com/gin-gonic/gin/codec/json"
	"github.com/simdjson-cgo/simdjson/adapters/ginjson"
	"github.com/simdjson-cgo/simdjson/json"
)

const (
	library    = "simdjson"
	ginPackage = "encoding/json" // gin's default codec, replaced by ginjson.API in init
)

func init() { gjson.API = ginjson.API }

func decode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
func encode(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
