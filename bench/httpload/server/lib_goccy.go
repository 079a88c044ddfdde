//go:build lib_goccy

package main

import (
	"io"

	"github.com/goccy/go-json"
)

const (
	library    = "goccy"
	ginPackage = "github.com/goccy/go-json" // gin's go_json build tag
)

func decode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
func encode(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
