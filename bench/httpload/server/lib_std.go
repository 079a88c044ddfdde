//go:build !lib_simdjson && !lib_sonic && !lib_goccy

package main

import (
	"encoding/json"
	"io"
)

const (
	library    = "encoding/json"
	ginPackage = "encoding/json"
)

func decode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
func encode(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
