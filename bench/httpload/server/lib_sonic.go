//go:build lib_sonic

package main

import (
	"io"

	"github.com/bytedance/sonic"
)

const (
	library    = "sonic"
	ginPackage = "github.com/bytedance/sonic" // gin's sonic build tag: ConfigStd
)

func decode(r io.Reader, v any) error { return sonic.ConfigStd.NewDecoder(r).Decode(v) }
func encode(w io.Writer, v any) error { return sonic.ConfigStd.NewEncoder(w).Encode(v) }
