//go:build cgo

package simdjson_test

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// SIMDJSON_FORCE_IMPLEMENTATION naming no kernel (a typo, or set but empty)
// makes simdjson's active implementation the "unsupported" one: every parse
// fails with ErrUnsupportedArchitecture. The first failed parse left the
// parser with its string buffer but no stage-1 implementation, so an empty
// input next skipped the allocation and called stage 1 through a null
// pointer (SIGSEGV; UBSan: member access within null pointer). simdjson
// reads the variable once per process, hence the child process.
func TestUnknownForcedImplementation(t *testing.T) {
	if os.Getenv("SJ_TEST_FORCED_CHILD") == "1" {
		p := simdjson.NewParser()
		defer p.Close()
		for _, in := range []string{`{"a":1}`, ``, `[]`, ``, "\xEF\xBB\xBF", ` `} {
			_, err := p.Parse([]byte(in))
			require.Truef(t, errors.Is(err, simdjson.ErrUnsupportedArchitecture), "Parse(%q) = %v, want ErrUnsupportedArchitecture", in, err)
		}
		for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.Concatenated()}} {
			for _, in := range []string{"{\"a\":1}\n", "", "\n", "[]\n\n", "1 2"} {
				s := p.Stream(simdjson.Bytes([]byte(in)), opts...)
				n := 0
				for range s.Documents() {
					n++
				}
				require.Zerof(t, n, "Stream(%q) yielded documents", in)
				if strings.TrimSpace(in) != "" {
					require.Truef(t, errors.Is(s.Err(), simdjson.ErrUnsupportedArchitecture), "Stream(%q).Err() = %v, want ErrUnsupportedArchitecture", in, s.Err())
				}
			}
		}
		return
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	for _, name := range []string{"no-such-kernel", ""} {
		cmd := exec.Command(exe, "-test.run=^TestUnknownForcedImplementation$", "-test.count=1")
		cmd.Env = append(os.Environ(), "SJ_TEST_FORCED_CHILD=1", "SIMDJSON_FORCE_IMPLEMENTATION="+name)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Skipf("cannot run the test binary again (under an emulator?): %v", err)
		}
		require.NoErrorf(t, err, "SIMDJSON_FORCE_IMPLEMENTATION=%q:\n%s", name, out)
	}
}
