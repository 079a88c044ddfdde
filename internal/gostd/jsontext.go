package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// The jsontext mode (-pkg jsontext): Go's encoding/json/jsontext tests
// against this module's json/jsontext.
//
// Only example_test.go is routed: it is the one test file of package
// jsontext_test (the exported API only); it is copied into a temporary
// module with its encoding/json/jsontext import replaced by
// github.com/simdjson-cgo/simdjson/json/jsontext (its encoding/json/v2
// import stays the standard's: it marshals with options, which are the
// same values in both packages), and its examples run with their output
// checked. The other test files are internal tests (package jsontext):
// they call unexported functions and fields of the standard package
// (Decoder.s, decoderState.reset, unreadBuffer, the state machine, the
// name tables, rawToken, jsonwire, FaultyBuffer), which this package does
// not have; jsontextUnroutable lists them, and the mode prints the list.
// Their Decoder behaviour is covered here by json/jsontext's
// TestDecoderDiff and FuzzDecoderDiff, which compare this package's Decoder
// with the standard one operation by operation.

// jsontextUnroutable: the internal test files and what keeps each out.
var jsontextUnroutable = map[string]string{
	"coder_test.go":  "package jsontext: dec.s.reset, enc.s.reset/Buf, E() and the testdata tables built on unexported types",
	"decode_test.go": "package jsontext: dec.s.unreadBuffer, dec.s.buf (buffer aliasing), FaultyBuffer, unexported test tables",
	"encode_test.go": "package jsontext: enc.s.unflushedBuffer, enc.s.Buf, enc.s.availBuffer",
	"fuzz_test.go":   "package jsontext: unexported helpers of coder_test.go (FuzzCoder, FuzzResumableDecoder, FuzzValueFormat)",
	"state_test.go":  "package jsontext: the state machine, stateMachine, objectNamespace (unexported)",
	"token_test.go":  "package jsontext: rawToken and Token's unexported fields",
	"value_test.go":  "package jsontext: unexported value helpers (Value's methods are the standard's: Value is an alias)",
}

const jsontextPath = modulePath + "/json/jsontext"

func runJSONText(repo string, verbose bool) (int, error) {
	os.Setenv("GOTOOLCHAIN", "local")
	os.Setenv("GOWORK", "off")
	root, err := moduleRoot(repo)
	if err != nil {
		return 1, err
	}
	goroot, err := goOut(root, "env", "GOROOT")
	if err != nil {
		return 1, err
	}
	src := filepath.Join(goroot, "src", "encoding", "json", "jsontext")
	if _, err := os.Stat(filepath.Join(src, "example_test.go")); err != nil {
		fmt.Printf("gostd -pkg jsontext: skipped: no %s (Go 1.27's encoding/json/jsontext)\n", src)
		return 0, nil
	}
	// The module's json/jsontext builds under Go 1.27 with the jsonv2
	// experiment (the default): elsewhere it is empty.
	if out, err := goOut(root, "list", "-f", "{{len .GoFiles}}", jsontextPath); err != nil || out == "1" {
		fmt.Printf("gostd -pkg jsontext: skipped: %s has no Go 1.27 build here (%v)\n", jsontextPath, err)
		return 0, nil
	}
	example, err := os.ReadFile(filepath.Join(src, "example_test.go"))
	if err != nil {
		return 1, err
	}
	re := regexp.MustCompile(`(?m)^(\s*)"encoding/json/jsontext"$`)
	if !re.Match(example) {
		return 1, fmt.Errorf("example_test.go does not import encoding/json/jsontext as expected")
	}
	example = re.ReplaceAll(example, []byte(`$1"`+jsontextPath+`"`))
	tmp, err := os.MkdirTemp("", "gostdjsontext")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	v, _ := goOut(root, "env", "GOVERSION")
	v = strings.TrimPrefix(strings.Fields(v + " ")[0], "go")
	if parts := strings.Split(v, "."); len(parts) < 2 || parts[0] != "1" {
		v = "1.27"
	}
	mod := fmt.Sprintf("module gostdjsontext\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", v, modulePath, modulePath, root)
	files := map[string][]byte{
		"go.mod":          []byte(mod),
		"doc.go":          []byte("// Package jsontext_test holds Go's encoding/json/jsontext examples, routed to " + jsontextPath + ".\npackage jsontext_test\n"),
		"example_test.go": example,
	}
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		files["go.sum"] = sum
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			return 1, err
		}
	}
	args := []string{"test", "-count=1", "-v", "."}
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	passed := regexp.MustCompile(`(?m)^--- PASS: (Example\w*)`).FindAllSubmatch(out.Bytes(), -1)
	failed := regexp.MustCompile(`(?m)^--- FAIL: (\w+)`).FindAllSubmatch(out.Bytes(), -1)
	if verbose || runErr != nil {
		os.Stdout.Write(out.Bytes())
	}
	fmt.Printf("gostd -pkg jsontext (%s): example_test.go routed to %s: %d examples passed, %d failed\n", v, jsontextPath, len(passed), len(failed))
	fmt.Printf("  not routed (internal tests of package jsontext; json/jsontext's TestDecoderDiff/FuzzDecoderDiff compare the Decoder with the standard instead):\n")
	for _, f := range []string{"coder_test.go", "decode_test.go", "encode_test.go", "fuzz_test.go", "state_test.go", "token_test.go", "value_test.go"} {
		fmt.Printf("    %-15s %s\n", f, jsontextUnroutable[f])
	}
	if runErr != nil || len(failed) > 0 || len(passed) == 0 {
		return 1, fmt.Errorf("go test of the routed examples: %v", runErr)
	}
	return 0, nil
}
