package json_test

import (
	"strconv"
	"strings"
	"testing"
)

// halved is a float64 whose UnmarshalJSON halves the number: arrays and
// slices of it must call the method, not store the double.
type halved float64

func (h *halved) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return err
	}
	*h = halved(f / 2)
	return nil
}

type plainFloat float64

type floatElems struct {
	A  [2]float64
	S  []float64
	N  [3]plainFloat
	H  [2]halved
	HS []halved
	P  [][2]float64
	Q  [][]float64
}

// TestUnmarshalFloatElems: arrays and slices of float64 store a double
// straight from the tape (decode_type.go's floats); integers, other kinds,
// short and long arrays and types with methods take the general path, as
// encoding/json decodes them.
func TestUnmarshalFloatElems(t *testing.T) {
	long := make([]string, 300)
	for i := range long {
		long[i] = "[1.5,-2.25]"
	}
	docs := []string{
		`{"A":[1.5,2.5]}`, `{"A":[1,2]}`, `{"A":[1.5]}`, `{"A":[1.5,2.5,3.5]}`, `{"A":[]}`, `{"A":null}`,
		`{"A":[1.5,"x"]}`, `{"A":["x",2.5]}`, `{"A":[null,1.5]}`, `{"A":[{},2.5]}`, `{"A":[[1.5],2.5]}`,
		`{"A":[-0.0,0.1]}`, `{"A":[-0,5e-324]}`, `{"A":[18446744073709551615,-9223372036854775808]}`,
		`{"A":[1e400,1]}`, `{"A":{"x":1.5}}`, `{"A":"1.5"}`,
		`{"S":[1.5,2,-0,"x",null,1e300,true,2.5]}`, `{"S":[]}`, `{"S":null}`, `{"S":[1.5,[2.5],3.5]}`,
		`{"N":[1.5,2]}`, `{"N":[1.5,2.5,3.5,4.5]}`, `{"H":[1.5,2]}`, `{"H":[1.5,"x"]}`, `{"HS":[1.5,3,4.5]}`,
		`{"P":[[1.5,2.5],[3,4.5],[1.5],[1.5,2.5,3.5]]}`, `{"Q":[[1.5,2.5],[3,"x",4.5],[]]}`,
		`{"P":[` + strings.Join(long, ",") + `],"A":[0.5,0.25]}`,
	}
	for _, doc := range docs {
		checkUnmarshal(t, "floats", []byte(doc), func() any { return new(floatElems) })
	}
}
