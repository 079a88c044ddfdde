// Command gostd runs Go's own encoding/json test suite against package
// json (github.com/simdjson-cgo/simdjson/json). Run from the module's root:
//
//	go run ./internal/gostd [-v] [-keep] [-run REGEXP] [-std]
//
// (-std is a control run: the routes call the standard library's
// encoding/json instead of package json, so every failure is the
// harness's, or Go's own; it passes under every build.)
// (make test-gostd). At run time it copies the installed Go's
// $GOROOT/src/encoding/json files of the build the environment selects
// into a temporary module, gostdjson, that uses this working tree through a
// replace directive, and routes the copy's entry points to package json.
// The build is the one go list selects: the classic files (Go 1.26;
// GOEXPERIMENT=nojsonv2 on Go 1.27), or under a jsonv2 build (Go 1.27's
// default; GOEXPERIMENT=jsonv2 on Go 1.26) the v2_*.go files, whose
// encoding/json is implemented on encoding/json/v2.
//
//   - in the copied non-test files every exported function (Unmarshal,
//     Valid, Marshal, MarshalIndent, Compact, Indent, HTMLEscape,
//     NewDecoder, NewEncoder; under jsonv2 also DefaultOptionsV1 and the
//     other constructors of Options) and the types Decoder and Encoder are
//     renamed std* (resolved with go/types, so only references to those
//     package-level names change); the types that carry no behaviour
//     (Number, RawMessage, Marshaler, Unmarshaler, Token, Delim; Options
//     under jsonv2) lose their declarations and methods, except those that
//     are aliases in the copy (under jsonv2: RawMessage = jsontext.Value,
//     Marshaler and Unmarshaler of v2, Options of internal/jsonopts), which
//     are renamed std* so that the copy's own code keeps its types;
//   - testdata/route.go (and under jsonv2 testdata/route_jsonv2.go) takes
//     the original names: wrappers that call package json (Decoder and
//     Encoder are thin structs around package json's), convert the errors
//     package json returns (encoding/json's types) into the copy's error
//     types, and record each call for the top-level test that made it; the
//     types above become aliases of package json's, as a program switching
//     its import gets them;
//   - the test files are copied unchanged except for their imports:
//     internal/testenv and internal/zstd (not importable outside the
//     standard library) become the small stand-ins in testdata/, and the
//     examples' encoding/json becomes the copy.
//
// Under jsonv2 the copied files import the standard library's
// encoding/json/internal packages (jsonflags, jsonopts, jsonwire, and the
// hooks v2_inject.go sets for encoding/json/v2), which nothing outside the
// standard library may import. So the temporary module also carries its own
// copy of every encoding/json/... package the copy and its tests depend on
// (encoding/json/v2, encoding/json/jsontext, encoding/json/internal/...,
// go list -deps -test), unchanged but for their import paths
// (encoding/json/X becomes gostdjson/X): the copy's v1 is built on the
// copy's v2, whose hooks it sets. The test files' encoding/json/internal/...
// imports become the copies; their encoding/json/v2 and
// encoding/json/jsontext imports (v2_diff_test.go's reference side) stay
// the standard library's, the packages package json's values (RawMessage is
// jsontext.Value) and options (Options, DefaultOptionsV1, ...) belong to.
//
// The harness checks that every exported function and every exported
// method of Decoder and Encoder in the copied sources is routed (and prints
// the routing), runs every test, example and fuzz seed corpus with go test
// -json, and reports the tests that called package json (at least one
// routed call) apart from those that exercise only Go's copy (scanner,
// tags, fold, error formatting). It fails on any failure.
//
// Nothing is downloaded except through the Go module proxy (GOFLAGS gets
// -mod=mod, the module's go.sum is copied); GOTOOLCHAIN=local (the
// toolchain go run switched to, if any), GOWORK=off; GOEXPERIMENT and
// CGO_ENABLED pass through. Without $GOROOT/src/encoding/json it prints why
// and exits 0.
package main

import (
	"embed"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

//go:embed testdata
var stand embed.FS

const (
	modulePath = "github.com/simdjson-cgo/simdjson"
	jsonPath   = modulePath + "/json"
	copyPath   = "gostdjson" // the temporary module and its package
)

// behaviourFree are the copy's types that carry no behaviour: replaced by
// aliases of package json's (encoding/json's), as a program switching its
// import gets them. So are the error types whose fields are all exported;
// the others (SyntaxError, MarshalerError: the tests set their unexported
// fields) stay the copy's, and the route wrappers convert package json's
// errors into them.
var behaviourFree = []string{"Number", "RawMessage", "Marshaler", "Unmarshaler", "Token", "Delim"}

// behaviourFreeJSONv2 are those that only a jsonv2 build of encoding/json
// declares.
var behaviourFreeJSONv2 = []string{"Options"}

// wrapped are the copy's types replaced by wrappers around package json's.
var wrapped = []string{"Decoder", "Encoder"}

// importSubst maps the imports that cannot be used outside the standard
// library to the stand-ins (test files and copied packages), and the
// examples' encoding/json to the copy (test files of package json_test).
var importSubst = map[string]string{
	"internal/testenv": copyPath + "/internal/testenv",
	"internal/zstd":    copyPath + "/internal/zstd",
	"encoding/json":    copyPath, // the examples (package json_test)
}

// stdForTests are the encoding/json/... packages whose imports in the test
// files stay the standard library's (not the module's copies): the public
// packages whose types package json's values have (RawMessage is
// jsontext.Value, DefaultOptionsV1 returns encoding/json/v2's options), so
// that v2_diff_test.go compares package json with the standard v2.
var stdForTests = []string{"encoding/json/v2", "encoding/json/jsontext"}

// goCmd is the go command the harness runs (-go).
var goCmd = "go"

func main() {
	flag.StringVar(&goCmd, "go", goCmd, "the go command to run (make passes $(GO))")
	repo := flag.String("repo", "", "root of the module under test (default: the module of the current directory)")
	keep := flag.Bool("keep", false, "keep the temporary module and print its path")
	verbose := flag.Bool("v", false, "list every test with its result and its routed calls")
	run := flag.String("run", "", "go test -run pattern (default: every test)")
	timeout := flag.Duration("timeout", 10*time.Minute, "go test -timeout")
	control := flag.Bool("std", false, "control run: route to the standard library's encoding/json instead of package json (any failure is then the harness's, or Go's own)")
	pkg := flag.String("pkg", "json", "the package whose Go tests run: json, or jsontext (jsontext.go)")
	flag.Parse()
	if *pkg == "jsontext" {
		code, err := runJSONText(*repo, *verbose)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gostd:", err)
		}
		os.Exit(code)
	}
	h := &harness{keep: *keep, verbose: *verbose, run: *run, timeout: *timeout, target: jsonPath}
	if *control {
		h.target = "encoding/json"
	}
	code, err := h.main(*repo)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gostd:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

type harness struct {
	keep, verbose bool
	run           string
	timeout       time.Duration
	// target: the package the route files call, package json (or with
	// -std the standard library's encoding/json).
	target string

	repo, tmp string
	goVersion string
	// jsonv2: go list selected the v2_*.go files (encoding/json on
	// encoding/json/v2).
	jsonv2 bool
	// deps: the encoding/json/... packages copied into the module, by
	// their standard import path; their copies' paths are copyImport's.
	deps []goPackage
	// aliased: the copy's types replaced by aliases of package json's.
	aliased []string
	// aliasRenamed: those of aliased that are aliases in the copy too
	// (of the copy's jsontext, v2 or jsonopts types): renamed std*, not
	// removed.
	aliasRenamed []string
	// renamed: the copy's package-level names given the std prefix.
	renamed []string
	// routes: entry point ("Unmarshal", "Decoder.Decode") -> what it calls.
	routes map[string]string
	// internals: the copy's unexported package-level names.
	internals map[string]bool
	// usesInternals: for each test, the copy's internals it refers to,
	// directly or through the test files' other declarations.
	usesInternals map[string][]string
	// declared: the copy's runnable tests (Test*, Fuzz*, Examples with
	// output), from the test files.
	declared map[string]string // name -> file
}

func (h *harness) main(repo string) (int, error) {
	start := time.Now()
	// The go command that ran this harness (go run switched to the
	// toolchain GOTOOLCHAIN names, and put it first in PATH): the same
	// one for every command below.
	os.Setenv("GOTOOLCHAIN", "local")
	os.Setenv("GOWORK", "off")
	var err error
	if h.repo, err = moduleRoot(repo); err != nil {
		return 1, err
	}
	goroot, err := goOut(h.repo, "env", "GOROOT")
	if err != nil {
		return 1, err
	}
	h.goVersion, _ = goOut(h.repo, "env", "GOVERSION")
	src := filepath.Join(goroot, "src", "encoding", "json")
	if _, err := os.Stat(src); err != nil {
		fmt.Printf("== test-gostd skipped: Go's encoding/json sources are not installed (%v)\n", err)
		return 0, nil
	}
	var list struct {
		Dir                                string
		GoFiles, TestGoFiles, XTestGoFiles []string
		CgoFiles, SFiles, EmbedPatterns    []string
		TestEmbedPatterns                  []string
		XTestEmbedPatterns                 []string
	}
	out, err := goOut(h.repo, "list", "-json", "encoding/json")
	if err != nil {
		return 1, err
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		return 1, fmt.Errorf("go list -json encoding/json: %v", err)
	}
	if len(list.TestGoFiles) == 0 {
		fmt.Printf("== test-gostd skipped: %s has no test files\n", list.Dir)
		return 0, nil
	}
	if _, err := os.Stat(filepath.Join(list.Dir, list.GoFiles[0])); err != nil {
		fmt.Printf("== test-gostd skipped: Go's encoding/json sources are not installed (%v)\n", err)
		return 0, nil
	}
	// The build: every file of the jsonv2 build is a v2_*.go file, none
	// of the classic build's.
	all := slices.Concat(list.GoFiles, list.TestGoFiles, list.XTestGoFiles)
	v2 := 0
	for _, f := range all {
		if strings.HasPrefix(f, "v2_") {
			v2++
		}
	}
	switch v2 {
	case 0:
	case len(all):
		h.jsonv2 = true
	default:
		return 1, fmt.Errorf("go list selected v2_*.go files and others, neither the classic build nor jsonv2: %s", strings.Join(all, " "))
	}
	if len(list.CgoFiles)+len(list.SFiles)+len(list.EmbedPatterns)+len(list.TestEmbedPatterns)+len(list.XTestEmbedPatterns) > 0 {
		return 1, fmt.Errorf("encoding/json has cgo, assembly or embedded files: the harness does not copy those")
	}
	if h.deps, err = listDeps(h.repo); err != nil {
		return 1, err
	}
	cgo, _ := goOut(h.repo, "env", "CGO_ENABLED")
	exp, _ := goOut(h.repo, "env", "GOEXPERIMENT")
	build := "classic build"
	if h.jsonv2 {
		build = "jsonv2 build: encoding/json on encoding/json/v2"
	}
	fmt.Printf("== Go's encoding/json tests (%s, %s, GOEXPERIMENT=%q, %s, CGO_ENABLED=%s) against %s (%s)\n",
		h.goVersion, list.Dir, exp, build, cgo, h.target, h.repo)
	if h.target != jsonPath {
		fmt.Println("CONTROL RUN (-std): the route files call the standard library's encoding/json, not package json")
	}
	fmt.Printf("copied: %s; tests: %s; examples: %s\n",
		strings.Join(list.GoFiles, " "), strings.Join(list.TestGoFiles, " "), strings.Join(list.XTestGoFiles, " "))
	if len(h.deps) > 0 {
		var paths []string
		for _, d := range h.deps {
			paths = append(paths, d.ImportPath)
		}
		fmt.Printf("with the module's own copies (imports encoding/json/X -> %s/X) of: %s\n", copyPath, strings.Join(paths, " "))
	}

	if h.tmp, err = os.MkdirTemp("", "gostd-json-"); err != nil {
		return 1, err
	}
	if h.keep {
		fmt.Println("temporary module (kept):", h.tmp)
	} else {
		defer os.RemoveAll(h.tmp)
	}
	if err := h.writeModule(); err != nil {
		return 1, err
	}
	if err := h.copyDeps(); err != nil {
		return 1, err
	}
	api, err := h.copySources(list.Dir, list.GoFiles)
	if err != nil {
		return 1, err
	}
	if err := h.copyTests(list.Dir, list.TestGoFiles, list.XTestGoFiles); err != nil {
		return 1, err
	}
	if err := h.auditRoutes(api); err != nil {
		return 1, err
	}
	code, err := h.test()
	fmt.Printf("test-gostd: %.1fs in all\n", time.Since(start).Seconds())
	return code, err
}
