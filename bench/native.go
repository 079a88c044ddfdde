package main

// native-cpp: the seed's task in C++ against the vendored simdjson
// (native.cpp), compiled into this binary by cgo with the library's flags
// (internal/shim/flags.go): C++17, -O3, no exceptions, no -march (the
// amd64.v3 build tag adds -march=haswell, as the library does:
// native_amd64_v3.go).

/*
#cgo CXXFLAGS: -std=c++17 -O3 -g0 -DNDEBUG -DSIMDJSON_EXCEPTIONS=0 -fno-exceptions
#cgo LDFLAGS: -lstdc++ -lm
#include <stdlib.h>
#include "native.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unsafe"
)

func init() {
	register("seed", Method{Name: "native-cpp", Run: seedMethod(nativeRun),
		Note: "C++ On-Demand, iterate_many, std::thread per slice"})
}

// nativeImplementation names the stage-1 kernel simdjson picked.
func nativeImplementation() string { return C.GoString(C.native_implementation()) }

func nativeRun(data []byte, threads int) (*Counts, error) {
	if len(data) == 0 {
		return newCounts(), nil
	}
	if cap(data)-len(data) < 64 {
		data = append(make([]byte, 0, len(data)+64), data...)
	}
	// The C++ threads read data only during the call (they are joined
	// before it returns), and data holds no Go pointers.
	out := C.native_count((*C.uint8_t)(unsafe.Pointer(&data[:len(data)+64][0])), C.size_t(len(data)), C.int(threads))
	if out == nil {
		return nil, errors.New("native-cpp: out of memory")
	}
	s := C.GoString(out)
	C.free(unsafe.Pointer(out))
	if strings.HasPrefix(s, "E") {
		return nil, fmt.Errorf("native-cpp: %s", s[1:])
	}
	c := newCounts()
	for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		f := strings.Split(line, "\t")
		n, err := strconv.ParseInt(f[len(f)-1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("native-cpp: bad output line %q", line)
		}
		switch f[0] {
		case "T":
			c.Types[f[1]] += n
		case "L":
			c.Langs[f[1]] += n
		case "N":
			c.Null += n
		}
	}
	return c, nil
}
