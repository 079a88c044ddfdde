// Command gostdv2 runs Go's own tests of encoding/json/v2 that can be
// routed against this module's json/v2 and json/jsontext. Run from the
// module's root, under a toolchain with encoding/json/v2 (Go 1.27):
//
//	go run ./internal/gostdv2 [-v] [-keep] [-run REGEXP] [-std]
//
// (make test-gostd-v2; -std is a control run with the standard packages.)
//
// Go's encoding/json/v2 tests are of two kinds. The external ones (package
// json_test: bench_test.go, example_test.go, example_marshaljson_test.go,
// example_orderedobject_test.go) use only the exported API: they are
// copied at run time into a temporary module, gostdv2, that uses this
// working tree through a replace directive, with their imports of
// encoding/json/v2 and encoding/json/jsontext rewritten to this module's
// packages, and run there with go test -json. bench_test.go's tests
// (TestBenchmark*: round trips of every type of internal/jsontest's
// corpus through Marshal, Unmarshal, MarshalWrite, UnmarshalRead,
// MarshalEncode, UnmarshalDecode and the jsontext Encoder and Decoder)
// read the corpus through encoding/json/internal/jsontest, which is copied
// (its imports rewritten) with its embedded zstd files; internal/zstd,
// which nothing outside the standard library may import, is stood in for
// by github.com/klauspost/compress/zstd, resolved by the go command (the
// module cache or the module proxy; GONOSUMDB names it, since the harness
// module has no go.sum line for it).
//
// The internal tests (package json) cannot be routed: they call the
// standard package's unexported functions and types (arshal internals,
// jsonflags, jsonopts, the export back door of jsontext) that a drop-in
// cannot have. The harness lists them, file by file, with their counts.
//
// Without $GOROOT/src/encoding/json/v2 it prints why and exits 0.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

const (
	modulePath = "github.com/simdjson-cgo/simdjson"
	copyPath   = "gostdv2"
	zstdModule = "github.com/klauspost/compress"
	zstdVer    = "v1.18.4"
)

func main() {
	keep := flag.Bool("keep", false, "keep the temporary module and print its path")
	verbose := flag.Bool("v", false, "list every test with its result")
	run := flag.String("run", "", "go test -run pattern (default: every test)")
	control := flag.Bool("std", false, "control run: the tests use the standard encoding/json/v2 and jsontext")
	timeout := flag.Duration("timeout", 10*time.Minute, "go test -timeout")
	flag.Parse()
	code, err := mainErr(*keep, *verbose, *control, *run, *timeout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gostdv2:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

func goOut(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

func mainErr(keep, verbose, control bool, run string, timeout time.Duration) (int, error) {
	start := time.Now()
	os.Setenv("GOTOOLCHAIN", "local")
	os.Setenv("GOWORK", "off")
	gomod, err := goOut(".", "env", "GOMOD")
	if err != nil {
		return 1, err
	}
	if gomod == "" || gomod == os.DevNull {
		return 1, fmt.Errorf("not in a module")
	}
	repo := filepath.Dir(gomod)
	goroot, err := goOut(repo, "env", "GOROOT")
	if err != nil {
		return 1, err
	}
	version, _ := goOut(repo, "env", "GOVERSION")
	src := filepath.Join(goroot, "src", "encoding", "json")
	if _, err := os.Stat(filepath.Join(src, "v2", "arshal.go")); err != nil {
		fmt.Printf("== test-gostd-v2 skipped: %s has no encoding/json/v2 sources (%v)\n", version, err)
		return 0, nil
	}
	// The build must have the package (Go 1.26 has the sources only under
	// GOEXPERIMENT=jsonv2, which json/v2 does not use).
	if n, err := goOut(repo, "list", "-f", "{{len .GoFiles}}", modulePath+"/json/v2"); err != nil {
		return 1, err
	} else if n == "1" { // doc.go alone
		fmt.Printf("== test-gostd-v2 skipped: %s builds no json/v2 (it needs Go 1.27's encoding/json/v2)\n", version)
		return 0, nil
	}
	cgo, _ := goOut(repo, "env", "CGO_ENABLED")
	target := map[string]string{
		"encoding/json/v2":       modulePath + "/json/v2",
		"encoding/json/jsontext": modulePath + "/json/jsontext",
	}
	if control {
		target = map[string]string{}
	}
	fmt.Printf("== Go's encoding/json/v2 tests (%s, CGO_ENABLED=%s) against %s\n", version, cgo, func() string {
		if control {
			return "the standard packages (CONTROL RUN, -std)"
		}
		return modulePath + "/json/v2 and /json/jsontext"
	}())

	tmp, err := os.MkdirTemp("", "gostd-v2-")
	if err != nil {
		return 1, err
	}
	if keep {
		fmt.Println("temporary module (kept):", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	goVer := strings.TrimPrefix(strings.Fields(version + " ")[0], "go")
	if p := strings.Split(goVer, "."); len(p) >= 2 {
		goVer = p[0] + "." + p[1]
	}
	mod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire (\n\t%s v0.0.0\n\t%s %s\n)\n\nreplace %s => %s\n",
		copyPath, goVer, modulePath, zstdModule, zstdVer, modulePath, repo)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(mod), 0o644); err != nil {
		return 1, err
	}
	if sum, err := os.ReadFile(filepath.Join(repo, "go.sum")); err == nil {
		if err := os.WriteFile(filepath.Join(tmp, "go.sum"), sum, 0o644); err != nil {
			return 1, err
		}
	}
	if err := os.MkdirAll(filepath.Join(tmp, "internal", "zstd"), 0o755); err != nil {
		return 1, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "internal", "zstd", "zstd.go"), []byte(zstdStandIn), 0o644); err != nil {
		return 1, err
	}
	imports := func(path string) string {
		switch {
		case path == "internal/zstd":
			return copyPath + "/internal/zstd"
		case path == "encoding/json/internal/jsontest":
			return copyPath + "/internal/jsontest"
		case target[path] != "":
			return target[path]
		}
		return path
	}
	// internal/jsontest: its Go files and embedded corpus.
	jt := filepath.Join(src, "internal", "jsontest")
	if err := copyTree(jt, filepath.Join(tmp, "internal", "jsontest"), imports, func(name string) bool {
		return !strings.HasSuffix(name, "_test.go")
	}); err != nil {
		return 1, err
	}
	// The external tests, and the list of the internal ones.
	dst := filepath.Join(tmp, "v2test")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return 1, err
	}
	doc := "// Package json holds the copies of Go's encoding/json/v2 external tests.\npackage json\n"
	if err := os.WriteFile(filepath.Join(dst, "doc.go"), []byte(doc), 0o644); err != nil {
		return 1, err
	}
	names, err := filepath.Glob(filepath.Join(src, "v2", "*_test.go"))
	if err != nil {
		return 1, err
	}
	var routed []string
	var notRouted []string
	for _, path := range names {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return 1, err
		}
		base := filepath.Base(path)
		tests := countTests(f)
		if f.Name.Name != "json_test" {
			notRouted = append(notRouted, fmt.Sprintf("%s (%s)", base, tests))
			continue
		}
		rewritten := 0
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if q := imports(p); q != p {
				is.Path.Value = strconv.Quote(q)
				rewritten++
			}
		}
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "// Code copied by internal/gostdv2 from %s at test time, imports rewritten. DO NOT EDIT.\n\n", path)
		if err := format.Node(&buf, fset, f); err != nil {
			return 1, err
		}
		if err := os.WriteFile(filepath.Join(dst, base), buf.Bytes(), 0o644); err != nil {
			return 1, err
		}
		routed = append(routed, fmt.Sprintf("%s (%s; %d imports rewritten)", base, tests, rewritten))
	}
	fmt.Println("routed (package json_test, exported API only):\n\t" + strings.Join(routed, "\n\t"))
	fmt.Println("not routed (package json: internal tests using encoding/json/v2's unexported names, which a drop-in does not have):\n\t" + strings.Join(notRouted, "\n\t"))

	args := []string{"test", "-count=1", "-json", "-timeout", timeout.String()}
	if run != "" {
		args = append(args, "-run", run)
	}
	args = append(args, "./v2test")
	cmd := exec.Command("go", args...)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GONOSUMDB="+zstdModule, "GOFLAGS=-mod=mod -buildvcs=false")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 1, err
	}
	if err := cmd.Start(); err != nil {
		return 1, err
	}
	type event struct {
		Action, Test, Output string
	}
	outputs := map[string][]string{}
	results := map[string]string{}
	var buildOut []string
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			buildOut = append(buildOut, sc.Text())
			continue
		}
		switch e.Action {
		case "output":
			if e.Test != "" {
				outputs[e.Test] = append(outputs[e.Test], e.Output)
			} else {
				buildOut = append(buildOut, strings.TrimRight(e.Output, "\n"))
			}
		case "pass", "fail", "skip":
			if e.Test != "" {
				results[e.Test] = e.Action
			}
		}
	}
	werr := cmd.Wait()
	count := map[string]int{}
	var failed []string
	for _, name := range slices.Sorted(maps.Keys(results)) {
		r := results[name]
		if !strings.Contains(name, "/") {
			count[r]++
		}
		if verbose {
			fmt.Printf("%-4s %s\n", r, name)
		}
		if r == "fail" {
			failed = append(failed, name)
		}
	}
	for _, name := range failed {
		fmt.Printf("--- FAIL %s\n%s", name, strings.Join(outputs[name], ""))
	}
	fmt.Printf("test-gostd-v2: %d passed, %d failed, %d skipped (top-level tests and examples); %.1fs in all\n",
		count["pass"], count["fail"], count["skip"], time.Since(start).Seconds())
	if count["pass"] == 0 && werr == nil {
		return 1, fmt.Errorf("no test ran")
	}
	if werr != nil || len(failed) > 0 {
		if len(failed) == 0 {
			fmt.Println(strings.Join(buildOut, "\n"))
		}
		return 1, fmt.Errorf("go test: %v (%d failed)", werr, len(failed))
	}
	return 0, nil
}

// countTests names the counts of a test file's tests, fuzz targets,
// benchmarks and examples.
func countTests(f *ast.File) string {
	var t, z, b, e int
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		switch n := fd.Name.Name; {
		case strings.HasPrefix(n, "Test"):
			t++
		case strings.HasPrefix(n, "Fuzz"):
			z++
		case strings.HasPrefix(n, "Benchmark"):
			b++
		case strings.HasPrefix(n, "Example"):
			e++
		}
	}
	return fmt.Sprintf("%d tests, %d fuzz, %d benchmarks, %d examples", t, z, b, e)
}

// copyTree copies a package directory (the Go files keep, with imports
// rewritten; every other file as is).
func copyTree(from, to string, imports func(string) string, keep func(string) bool) error {
	return filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if !keep(d.Name()) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".go") {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, data, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, is := range f.Imports {
				p, _ := strconv.Unquote(is.Path.Value)
				is.Path.Value = strconv.Quote(imports(p))
			}
			var buf bytes.Buffer
			if err := format.Node(&buf, fset, f); err != nil {
				return err
			}
			data = buf.Bytes()
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// zstdStandIn is the standard library's internal/zstd API over
// github.com/klauspost/compress/zstd.
const zstdStandIn = `// Package zstd stands in for the standard library's internal/zstd in the
// harness module of internal/gostdv2.
package zstd

import (
	"io"

	kz "github.com/klauspost/compress/zstd"
)

type Reader struct {
	d   *kz.Decoder
	err error
}

func NewReader(r io.Reader) *Reader {
	d, err := kz.NewReader(r, kz.WithDecoderConcurrency(1))
	return &Reader{d: d, err: err}
}

func (r *Reader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	return r.d.Read(p)
}
`
