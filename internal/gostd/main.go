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
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/doc"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
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
	flag.Parse()
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

func moduleRoot(dir string) (string, error) {
	gomod, err := goOut(dir, "env", "GOMOD")
	if err != nil {
		return "", err
	}
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("no go.mod: run from the module's root or pass -repo")
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			if p, _ := strconv.Unquote(f[1]); p == modulePath || f[1] == modulePath {
				return filepath.Dir(gomod), nil
			}
			return "", fmt.Errorf("%s is module %s, not %s", gomod, f[1], modulePath)
		}
	}
	return "", fmt.Errorf("%s has no module line", gomod)
}

// goOut runs the go command in dir and returns its trimmed output.
func goOut(dir string, args ...string) (string, error) {
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.TrimSpace(string(out)), nil
}

// writeModule writes the temporary module: go.mod with the replace
// directive, the repository's go.sum, and the stand-ins from testdata.
func (h *harness) writeModule() error {
	v := strings.TrimPrefix(strings.Fields(h.goVersion + " ")[0], "go")
	if parts := strings.Split(v, "."); len(parts) < 2 || parts[0] != "1" {
		v = "1.26" // a development toolchain
	}
	mod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		copyPath, v, modulePath, modulePath, h.repo)
	if err := os.WriteFile(filepath.Join(h.tmp, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	if sum, err := os.ReadFile(filepath.Join(h.repo, "go.sum")); err == nil {
		if err := os.WriteFile(filepath.Join(h.tmp, "go.sum"), sum, 0o644); err != nil {
			return err
		}
	}
	return fs.WalkDir(stand, "testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata", path)
		switch filepath.Dir(rel) {
		case ".":
			// route_jsonv2.go: the names only the jsonv2 build has.
			if strings.HasSuffix(rel, "_jsonv2.go") && !h.jsonv2 {
				return nil
			}
		case "testenv", "zstd":
			rel = filepath.Join("internal", rel)
		default:
			return fmt.Errorf("unexpected embedded file %s", path)
		}
		data, err := stand.ReadFile(path)
		if err != nil {
			return err
		}
		if h.target != jsonPath && strings.HasPrefix(rel, "route") {
			data = bytes.ReplaceAll(data, []byte(strconv.Quote(jsonPath)), []byte(strconv.Quote(h.target)))
		}
		dst := filepath.Join(h.tmp, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// goPackage is what the harness reads of go list -json.
type goPackage struct {
	ImportPath, Dir                    string
	GoFiles, CgoFiles, SFiles, Imports []string
	EmbedFiles                         []string
}

// listDeps lists the encoding/json/... packages that encoding/json and its
// tests depend on in the build the environment selects (none in the
// classic build).
func listDeps(repo string) ([]goPackage, error) {
	out, err := goOut(repo, "list", "-deps", "-test", "-json=ImportPath,Dir,GoFiles,CgoFiles,SFiles,Imports,EmbedFiles", "encoding/json")
	if err != nil {
		return nil, err
	}
	var deps []goPackage
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var p goPackage
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list -deps -test encoding/json: %v", err)
		}
		// Test variants ("encoding/json [encoding/json.test]") are the
		// package under test itself.
		if strings.HasPrefix(p.ImportPath, "encoding/json/") && !strings.Contains(p.ImportPath, " ") {
			deps = append(deps, p)
		}
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].ImportPath < deps[j].ImportPath })
	return deps, nil
}

// copyImport is the copied packages' import path for a standard one they
// import: encoding/json/X's copy, a stand-in, or the path itself for the
// rest of the standard library. An internal package of the standard
// library (other than the stand-ins') cannot be imported from the module.
func (h *harness) copyImport(path string) (string, error) {
	if sub, ok := importSubst[path]; ok && path != "encoding/json" {
		return sub, nil
	}
	if rest, ok := strings.CutPrefix(path, "encoding/json/"); ok {
		if !slices.ContainsFunc(h.deps, func(p goPackage) bool { return p.ImportPath == path }) {
			return "", fmt.Errorf("%s is not among encoding/json's dependencies that the harness copied", path)
		}
		return copyPath + "/" + rest, nil
	}
	if path == "encoding/json" || path == "internal" || strings.HasPrefix(path, "internal/") || strings.Contains(path, "/internal/") {
		return "", fmt.Errorf("the harness has no copy or stand-in for %s", path)
	}
	return path, nil
}

// rewriteImports gives a copied file's imports their paths in the module.
func (h *harness) rewriteImports(f *ast.File, rewrite func(string) (string, error)) error {
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		q, err := rewrite(p)
		if err != nil {
			return err
		}
		imp.Path.Value = strconv.Quote(q)
	}
	return nil
}

// copyDeps copies the encoding/json/... packages the copy and its tests
// depend on (the jsonv2 build's v2, jsontext and internal packages) into
// the module, their imports rewritten by copyImport, their embedded files
// beside them.
func (h *harness) copyDeps() error {
	for _, p := range h.deps {
		if len(p.CgoFiles)+len(p.SFiles) > 0 {
			return fmt.Errorf("%s has cgo or assembly files: the harness does not copy those", p.ImportPath)
		}
		rel := filepath.FromSlash(strings.TrimPrefix(p.ImportPath, "encoding/json/"))
		dir := filepath.Join(h.tmp, rel)
		if have, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(have) > 0 {
			return fmt.Errorf("%s: the module already has a package in %s (a stand-in?)", p.ImportPath, dir)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		fset := token.NewFileSet()
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			if err := h.rewriteImports(f, h.copyImport); err != nil {
				return fmt.Errorf("%s/%s: %v", p.ImportPath, name, err)
			}
			var buf bytes.Buffer
			fmt.Fprintf(&buf, "// Code copied by internal/gostd from $GOROOT/src/%s/%s at test\n"+
				"// time, imports rewritten (encoding/json/X -> %s/X). DO NOT EDIT.\n\n", p.ImportPath, name, copyPath)
			if err := format.Node(&buf, fset, f); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
				return err
			}
		}
		for _, name := range p.EmbedFiles {
			data, err := os.ReadFile(filepath.Join(p.Dir, filepath.FromSlash(name)))
			if err != nil {
				return err
			}
			dst := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyAPI is what the copied sources export: the functions and the
// exported methods of Decoder and Encoder that route.go must cover, and the
// error types the copy keeps.
type copyAPI struct {
	entries []string // "Unmarshal", "Decoder.Decode", ...
	kept    []string // the copy's own exported types
}

// copySources copies the non-test files with the entry points renamed, the
// aliased types' declarations removed (or renamed where the copy's are
// aliases themselves) and the imports of encoding/json/... packages given
// the copies' paths.
func (h *harness) copySources(dir string, names []string) (copyAPI, error) {
	var api copyAPI
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return api, err
		}
		files = append(files, f)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}}
	// The standard library's export data, internal packages included, of
	// the build in use: the copies of those are the same sources.
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("encoding/json", fset, files, info)
	if err != nil {
		return api, fmt.Errorf("type-checking the copy of encoding/json: %v", err)
	}
	scope := pkg.Scope()
	h.internals = map[string]bool{}
	for _, name := range scope.Names() {
		if !token.IsExported(name) {
			h.internals[name] = true
		}
	}
	free := behaviourFree
	if h.jsonv2 {
		free = slices.Concat(behaviourFree, behaviourFreeJSONv2)
	}
	rename := map[types.Object]bool{}
	var removed []string
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			rename[obj] = true
			api.entries = append(api.entries, name)
		case *types.TypeName:
			switch {
			case slices.Contains(wrapped, name):
				rename[obj] = true
				ms := types.NewMethodSet(types.NewPointer(obj.Type()))
				for i := range ms.Len() {
					if m := ms.At(i).Obj(); m.Exported() {
						api.entries = append(api.entries, name+"."+m.Name())
					}
				}
			case slices.Contains(free, name):
				h.aliased = append(h.aliased, name)
				if obj.IsAlias() {
					// RawMessage = jsontext.Value, Marshaler = jsonv2.Marshaler,
					// Options = jsonopts.Options: the copy's own code uses
					// them as the copy's jsontext, v2 and jsonopts types.
					rename[obj] = true
					h.aliasRenamed = append(h.aliasRenamed, name)
				} else {
					removed = append(removed, name)
				}
			case strings.HasSuffix(name, "Error"):
				if st, ok := obj.Type().Underlying().(*types.Struct); ok && allExported(st) && !obj.IsAlias() {
					h.aliased = append(h.aliased, name)
					removed = append(removed, name)
				} else {
					api.kept = append(api.kept, name)
				}
			default:
				return api, fmt.Errorf("encoding/json exports type %s, which the harness does not know how to route", name)
			}
		default:
			return api, fmt.Errorf("encoding/json exports %s %s, which the harness does not know how to route", obj.Type(), name)
		}
	}
	for _, a := range slices.Concat(free, wrapped) {
		if scope.Lookup(a) == nil {
			return api, fmt.Errorf("encoding/json no longer declares %s", a)
		}
	}
	for obj := range rename {
		if scope.Lookup("std"+obj.Name()) != nil {
			return api, fmt.Errorf("encoding/json declares std%s: renaming %s would collide", obj.Name(), obj.Name())
		}
		h.renamed = append(h.renamed, obj.Name())
	}
	sort.Strings(h.renamed)
	for id, obj := range info.Defs {
		if rename[obj] {
			id.Name = "std" + id.Name
		}
	}
	for id, obj := range info.Uses {
		if rename[obj] {
			id.Name = "std" + id.Name
		}
	}
	importName := func(imp *ast.ImportSpec) string {
		if pn := info.PkgNameOf(imp); pn != nil {
			return pn.Name()
		}
		return ""
	}
	for i, f := range files {
		removeAliased(f, removed, importName)
		if err := h.rewriteImports(f, h.copyImport); err != nil {
			return api, fmt.Errorf("%s: %v", names[i], err)
		}
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "// Code copied by internal/gostd from $GOROOT/src/encoding/json/%s at test\n"+
			"// time: the exported entry points renamed std* (route.go routes the originals'\n"+
			"// names to package json), the declarations of the types route.go aliases\n"+
			"// removed (renamed std* where they are aliases here), imports of\n"+
			"// encoding/json/X rewritten to %s/X. DO NOT EDIT.\n\n", names[i], copyPath)
		if err := format.Node(&buf, fset, f); err != nil {
			return api, err
		}
		if err := os.WriteFile(filepath.Join(h.tmp, names[i]), buf.Bytes(), 0o644); err != nil {
			return api, err
		}
	}
	return api, nil
}

// removeAliased drops the declarations of the aliased types, their methods
// and the comments inside them, and the imports only they used (importName
// names an import as the type checker resolved it).
func removeAliased(f *ast.File, aliased []string, importName func(*ast.ImportSpec) string) {
	type span struct{ from, to token.Pos }
	var dropped []span
	drop := func(n ast.Node, d *ast.CommentGroup) {
		from := n.Pos()
		if d != nil {
			from = d.Pos()
		}
		dropped = append(dropped, span{from, n.End()})
	}
	var decls []ast.Decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) == 1 && slices.Contains(aliased, recvName(d.Recv.List[0].Type)) {
				drop(d, d.Doc)
				continue
			}
		case *ast.GenDecl:
			if d.Tok == token.TYPE {
				var specs []ast.Spec
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					if slices.Contains(aliased, ts.Name.Name) {
						drop(ts, ts.Doc)
						continue
					}
					specs = append(specs, s)
				}
				if len(specs) == 0 {
					drop(d, d.Doc)
					continue
				}
				d.Specs = specs
			}
		}
		decls = append(decls, d)
	}
	f.Decls = decls
	var comments []*ast.CommentGroup
	for _, c := range f.Comments {
		if !slices.ContainsFunc(dropped, func(s span) bool { return c.Pos() >= s.from && c.End() <= s.to }) {
			comments = append(comments, c)
		}
	}
	f.Comments = comments
	removeUnusedImports(f, importName)
}

// removeUnusedImports drops the imports that only the removed declarations
// used.
func removeUnusedImports(f *ast.File, importName func(*ast.ImportSpec) string) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	keep := func(imp *ast.ImportSpec) bool {
		name := importName(imp)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		return name == "" || name == "_" || name == "." || used[name]
	}
	var decls []ast.Decl
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			g.Specs = slices.DeleteFunc(g.Specs, func(s ast.Spec) bool { return !keep(s.(*ast.ImportSpec)) })
			if len(g.Specs) == 0 {
				continue
			}
			if len(g.Specs) == 1 {
				g.Lparen = token.NoPos
			}
		}
		decls = append(decls, d)
	}
	f.Decls = decls
	f.Imports = slices.DeleteFunc(f.Imports, func(imp *ast.ImportSpec) bool { return !keep(imp) })
}

func allExported(st *types.Struct) bool {
	for i := range st.NumFields() {
		if !st.Field(i).Exported() {
			return false
		}
	}
	return true
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// copyTests copies the test files, substituting their imports, and notes
// the runnable tests they declare.
func (h *harness) copyTests(dir string, tests, xtests []string) error {
	h.declared = map[string]string{}
	fset := token.NewFileSet()
	var all []*ast.File
	for _, name := range slices.Concat(tests, xtests) {
		// With object resolution: internalUse tells local names apart.
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return err
		}
		err = h.rewriteImports(f, func(p string) (string, error) {
			switch {
			case p == "encoding/json":
				if !slices.Contains(xtests, name) {
					return "", fmt.Errorf("package json imports encoding/json")
				}
				return copyPath, nil
			case slices.Contains(stdForTests, p):
				return p, nil
			}
			return h.copyImport(p)
		})
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && (isTest(fd.Name.Name, "Test") || isTest(fd.Name.Name, "Fuzz")) {
				h.declared[fd.Name.Name] = name
			}
		}
		all = append(all, f)
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "// Code copied by internal/gostd from $GOROOT/src/encoding/json/%s at test\n"+
			"// time, imports substituted (internal/testenv, internal/zstd, encoding/json,\n"+
			"// encoding/json/internal/...). DO NOT EDIT.\n\n", name)
		if err := format.Node(&buf, fset, f); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(h.tmp, name), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	h.usesInternals = h.internalUse(all)
	for _, f := range all {
		for _, ex := range doc.Examples(f) {
			if ex.Output != "" || ex.EmptyOutput {
				h.declared["Example"+ex.Name] = filepath.Base(fset.File(f.Pos()).Name())
			}
		}
	}
	return nil
}

// internalUse finds, for each top-level function of the test files of
// package json, the copy's internals (unexported package-level names of the
// copied sources: scanner, checkValid, isValidNumber, foldName, ...) that
// it refers to, directly or through the test files' other top-level
// declarations (helpers, tables, types and their methods). References are
// syntactic: an identifier that is neither a selector's field nor a
// composite literal's key and that no declaration of its file resolves
// (so not a local variable).
func (h *harness) internalUse(files []*ast.File) map[string][]string {
	refs := map[string]map[string]bool{}  // top-level name -> internals
	edges := map[string]map[string]bool{} // top-level name -> top-level names
	top := map[string]bool{}
	type node struct {
		name string
		n    ast.Node
	}
	var nodes []node
	topDecl := map[any]bool{}
	for _, f := range files {
		if f.Name.Name != "json" {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				name := d.Name.Name
				if d.Recv != nil {
					// A method belongs to its type: whoever uses the type
					// may reach it (package json calls UnmarshalJSON).
					name = recvName(d.Recv.List[0].Type)
				} else {
					top[name] = true
				}
				topDecl[d] = true
				nodes = append(nodes, node{name, d})
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					topDecl[sp] = true
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, id := range sp.Names {
							top[id.Name] = true
							nodes = append(nodes, node{id.Name, sp})
						}
					case *ast.TypeSpec:
						top[sp.Name.Name] = true
						nodes = append(nodes, node{sp.Name.Name, sp})
					}
				}
			}
		}
	}
	for _, nd := range nodes {
		if refs[nd.name] == nil {
			refs[nd.name], edges[nd.name] = map[string]bool{}, map[string]bool{}
		}
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				ast.Inspect(n.X, visit)
				return false
			case *ast.KeyValueExpr:
				if _, ok := n.Key.(*ast.Ident); ok {
					ast.Inspect(n.Value, visit)
					return false
				}
			case *ast.Ident:
				local := n.Obj != nil && !topDecl[n.Obj.Decl]
				if fd, ok := nd.n.(*ast.FuncDecl); ok && n == fd.Name {
					return false
				}
				if !local && h.internals[n.Name] && n.Obj == nil {
					refs[nd.name][n.Name] = true
				} else if !local && top[n.Name] && n.Name != nd.name {
					edges[nd.name][n.Name] = true
				}
			}
			return true
		}
		ast.Inspect(nd.n, visit)
	}
	uses := map[string][]string{}
	for name := range top {
		seen := map[string]bool{name: true}
		queue := []string{name}
		found := map[string]bool{}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for r := range refs[n] {
				found[r] = true
			}
			for e := range edges[n] {
				if !seen[e] {
					seen[e] = true
					queue = append(queue, e)
				}
			}
		}
		if len(found) > 0 {
			uses[name] = sortedKeys(found)
		}
	}
	return uses
}

// isTest is go test's rule: the prefix alone or followed by a character
// that is not a lower-case letter.
func isTest(name, prefix string) bool {
	after, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(after)
	return after == "" || !unicode.IsLower(r)
}

// auditRoutes checks route.go against the copy's API: each entry point has
// a wrapper that records its call and calls package json's function or
// method of the same name, the aliased types are package json's, and
// nothing is left unrouted. It prints the routing.
func (h *harness) auditRoutes(api copyAPI) error {
	routeFiles, err := filepath.Glob(filepath.Join(h.tmp, "route*.go"))
	if err != nil {
		return err
	}
	h.routes = map[string]string{}
	var problems []string
	aliases := map[string]bool{}
	var decls []ast.Decl
	sjson := ""
	for _, path := range routeFiles {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		name := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == h.target && imp.Name != nil {
				name = imp.Name.Name
			}
		}
		if name == "" || sjson != "" && name != sjson {
			return fmt.Errorf("%s does not import %s under a name (the same in every route file)", filepath.Base(path), h.target)
		}
		sjson = name
		decls = append(decls, f.Decls...)
		problems = append(problems, h.auditRouteFile(f, sjson, aliases)...)
	}
	converted := map[string]bool{}
	for _, d := range decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "fromJSON" {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if cc, ok := n.(*ast.CaseClause); ok {
					for _, e := range cc.List {
						if st, ok := e.(*ast.StarExpr); ok {
							if sel, ok := st.X.(*ast.SelectorExpr); ok && isIdent(sel.X, sjson) {
								converted[sel.Sel.Name] = true
							}
						}
					}
				}
				return true
			})
		}
	}
	for _, k := range api.kept {
		if !converted[k] {
			problems = append(problems, "fromJSON does not convert *"+sjson+"."+k+" into the copy's "+k)
		}
	}
	for _, a := range h.aliased {
		if !aliases[a] {
			problems = append(problems, "route.go does not declare type "+a+" = "+sjson+"."+a)
		}
	}
	for _, e := range api.entries {
		if _, ok := h.routes[e]; !ok {
			problems = append(problems, "encoding/json's "+e+" is not routed")
		}
	}
	for e := range h.routes {
		if !slices.Contains(api.entries, e) {
			problems = append(problems, "route.go routes "+e+", which encoding/json does not have")
		}
	}
	if len(problems) > 0 {
		return errors.New("route files: " + strings.Join(problems, "; "))
	}
	fmt.Printf("routed to package json (%d entry points):\n", len(api.entries))
	for _, e := range api.entries {
		fmt.Printf("  %-30s -> %s\n", e, strings.ReplaceAll(h.routes[e], sjson+".", "json."))
	}
	fmt.Printf("renamed in the copy (std*, no longer called by the tests): %s\n", strings.Join(h.renamed, ", "))
	var removed []string
	for _, a := range h.aliased {
		if !slices.Contains(h.aliasRenamed, a) {
			removed = append(removed, a)
		}
	}
	fmt.Printf("aliases of package json's types (declarations removed from the copy): %s\n", strings.Join(removed, ", "))
	if len(h.aliasRenamed) > 0 {
		fmt.Printf("aliases of package json's types (the copy's own aliases renamed std*, its code keeps its jsontext, v2 and jsonopts types): %s\n", strings.Join(h.aliasRenamed, ", "))
	}
	fmt.Printf("the copy's own error types (package json's errors converted to them by fromJSON): %s\n", strings.Join(api.kept, ", "))
	return nil
}

// auditRouteFile checks one route file's declarations (see auditRoutes),
// recording its routes in h.routes and its aliases in aliases.
func (h *harness) auditRouteFile(f *ast.File, sjson string, aliases map[string]bool) (problems []string) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok || !slices.Contains(h.aliased, ts.Name.Name) {
					continue
				}
				if sel, ok := ts.Type.(*ast.SelectorExpr); ok && ts.Assign.IsValid() && isIdent(sel.X, sjson) && sel.Sel.Name == ts.Name.Name {
					aliases[ts.Name.Name] = true
				} else {
					problems = append(problems, "type "+ts.Name.Name+" is not an alias of package json's")
				}
			}
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			entry, target := d.Name.Name, sjson+"."+d.Name.Name
			var field string
			if d.Recv != nil {
				typ := recvName(d.Recv.List[0].Type)
				if !slices.Contains(wrapped, typ) {
					continue
				}
				entry = typ + "." + d.Name.Name
				target = "(*" + sjson + "." + typ + ")." + d.Name.Name
				field = map[string]string{"Decoder": "d", "Encoder": "e"}[typ]
			}
			if len(d.Body.List) == 0 || !isHit(d.Body.List[0], entry) {
				problems = append(problems, entry+" does not start with hit(\""+entry+"\")")
			}
			calls := false
			ast.Inspect(d.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == d.Name.Name {
					if field == "" && isIdent(sel.X, sjson) {
						calls = true
					} else if inner, ok := sel.X.(*ast.SelectorExpr); ok && field != "" && inner.Sel.Name == field {
						calls = true
					}
				}
				return true
			})
			if !calls {
				problems = append(problems, entry+" does not call "+target)
			}
			h.routes[entry] = target
		}
	}
	return problems
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func isHit(s ast.Stmt, entry string) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || !isIdent(call.Fun, "hit") || len(call.Args) != 1 {
		return false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	return ok && lit.Value == strconv.Quote(entry)
}

// event is one line of go test -json.
type event struct {
	Action, Test, Output string
	Elapsed              float64
}

type result struct {
	action  string // pass, fail, skip; "" if it never ended
	elapsed float64
	killed  bool     // the test binary exited during the test
	output  []string // the test's and its subtests' output
}

// run is one go test -json invocation.
type run struct {
	started []string // top-level tests in the order they started
	pkgOut  []string // output outside any test, build output
	stderr  string
	err     error
}

// goTest runs go test -json on the copy, skipping the named tests, and
// adds what it reports to results.
func (h *harness) goTest(logPath string, skip []string, results map[string]*result) run {
	args := []string{"test", "-json", "-count=1", "-timeout", h.timeout.String()}
	if h.run != "" {
		args = append(args, "-run", h.run)
	}
	if len(skip) > 0 {
		quoted := make([]string, len(skip))
		for i, s := range skip {
			quoted[i] = regexp.QuoteMeta(s)
		}
		args = append(args, "-skip", "^("+strings.Join(quoted, "|")+")$")
	}
	args = append(args, ".")
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = h.tmp
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOSTD_LOG="+logPath)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var r run
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		r.err = err
		return r
	}
	if err := cmd.Start(); err != nil {
		r.err = err
		return r
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var ev event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil || ev.Test == "" {
			if err != nil {
				r.pkgOut = append(r.pkgOut, sc.Text()+"\n")
			} else if ev.Output != "" {
				r.pkgOut = append(r.pkgOut, ev.Output)
			}
			continue
		}
		top, _, _ := strings.Cut(ev.Test, "/")
		res := results[top]
		if res == nil {
			res = &result{}
			results[top] = res
			r.started = append(r.started, top)
		}
		switch ev.Action {
		case "output":
			res.output = append(res.output, ev.Output)
		case "pass", "fail", "skip":
			if ev.Test == top {
				res.action, res.elapsed = ev.Action, ev.Elapsed
			}
		}
	}
	r.err = cmd.Wait()
	r.stderr = stderr.String()
	return r
}

// routeLog is what the route wrappers logged over all the runs.
type routeLog struct {
	hits  map[string]map[string]int
	notes map[string][]string
	done  int // runs that finished
}

func readRouteLog(path string) (routeLog, error) {
	l := routeLog{hits: map[string]map[string]int{}, notes: map[string][]string{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	} else if err != nil {
		return l, err
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		if line == "" {
			continue
		}
		var rec struct{ Kind, Test, Entry, Note string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return l, fmt.Errorf("%s: %v", path, err)
		}
		if rec.Kind == "done" {
			l.done++
			continue
		}
		m := l.hits[rec.Test]
		if m == nil {
			m = map[string]int{}
			l.hits[rec.Test] = m
		}
		switch rec.Kind {
		case "hit":
			m[rec.Entry]++
		case "note":
			l.notes[rec.Test] = append(l.notes[rec.Test], rec.Note)
		}
	}
	return l, nil
}

// test runs the copied tests and reports. A test that ends the test binary
// (log.Fatal, os.Exit, a panic) is counted as failed, and go test runs
// again without the tests already reported, until a run finishes.
func (h *harness) test() (int, error) {
	logPath := filepath.Join(h.tmp, "routes.log")
	results := map[string]*result{}
	var skip []string
	t0 := time.Now()
	var last run
	done := 0
	for round := 1; ; round++ {
		last = h.goTest(logPath, skip, results)
		rl, err := readRouteLog(logPath)
		if err != nil {
			return 1, err
		}
		if rl.done > done {
			break // TestMain's m.Run returned
		}
		// The killer: the last test to start that did not end (tests run
		// one at a time but for parallel ones, paused until the others
		// end), else the last that go test reported failed.
		var killer, lastFailed string
		for _, name := range last.started {
			switch results[name].action {
			case "":
				killer = name
			case "fail":
				lastFailed = name
			}
		}
		if killer == "" {
			killer = lastFailed
		}
		for _, name := range last.started {
			if r := results[name]; r.action == "" && name != killer {
				delete(results, name) // run it again
			}
		}
		if killer == "" || round >= 20 {
			fmt.Print(strings.Join(last.pkgOut, ""))
			fmt.Print(last.stderr)
			if len(results) == 0 {
				return 1, fmt.Errorf("go test ran no test (%v)", last.err)
			}
			return 1, fmt.Errorf("the test binary did not finish (%v) and no test can be blamed", last.err)
		}
		results[killer].killed = true
		results[killer].action = "fail"
		fmt.Printf("(%s ended the test binary: %v; running the tests not yet run again, without it)\n", killer, last.err)
		skip = sortedKeys(results)
		done = rl.done
	}
	testTime := time.Since(t0)
	rl, err := readRouteLog(logPath)
	if err != nil {
		return 1, err
	}
	rep := struct {
		Hits  map[string]map[string]int
		Notes map[string][]string
	}{rl.hits, rl.notes}
	waitErr := last.err
	pkgOutput := last.pkgOut
	stderr := last.stderr

	calls := func(test string) int {
		n := 0
		for _, c := range rep.Hits[test] {
			n += c
		}
		return n
	}
	var names []string
	for name := range results {
		names = append(names, name)
	}
	sort.Strings(names)
	type tally struct {
		names                      []string
		pass, fail, skip, unfinish []string
	}
	var through, copyOnly tally
	var realFails []string
	for _, name := range names {
		r := results[name]
		t := &copyOnly
		if calls(name) > 0 {
			t = &through
		}
		t.names = append(t.names, name)
		switch r.action {
		case "pass":
			t.pass = append(t.pass, name)
		case "skip":
			t.skip = append(t.skip, name)
		default:
			if r.action == "fail" {
				t.fail = append(t.fail, name)
			} else {
				t.unfinish = append(t.unfinish, name)
			}
			realFails = append(realFails, name)
		}
	}
	var missing []string
	if h.run == "" {
		for name := range h.declared {
			if results[name] == nil {
				missing = append(missing, name)
			}
		}
		sort.Strings(missing)
	}

	if h.verbose {
		fmt.Println("tests:")
		for _, name := range names {
			r := results[name]
			var hs []string
			for e, c := range rep.Hits[name] {
				hs = append(hs, fmt.Sprintf("%s %d", e, c))
			}
			sort.Strings(hs)
			fmt.Printf("  %-4s %-45s %6.2fs  %s\n", r.action, name, r.elapsed, strings.Join(hs, ", "))
		}
	}
	totals := map[string]int{}
	for _, m := range rep.Hits {
		for e, c := range m {
			totals[e] += c
		}
	}
	fmt.Println("routed calls per entry point (all tests):")
	var never []string
	for _, e := range sortedKeys(h.routes) {
		if totals[e] == 0 {
			never = append(never, e)
			continue
		}
		fmt.Printf("  %-30s %8d\n", e, totals[e])
	}
	if len(never) > 0 {
		fmt.Printf("  never called: %s\n", strings.Join(never, ", "))
	}
	if n := calls("(no test)"); n > 0 {
		fmt.Printf("  %d calls outside any test (package initialisation or library goroutines)\n", n)
	}
	for _, name := range sortedKeys(rep.Notes) {
		for _, n := range rep.Notes[name] {
			fmt.Printf("note: %s: %s\n", name, n)
		}
	}

	line := func(t tally) string {
		s := fmt.Sprintf("%d passed, %d failed, %d skipped", len(t.pass), len(t.fail), len(t.skip))
		if len(t.unfinish) > 0 {
			s += fmt.Sprintf(", %d did not finish", len(t.unfinish))
		}
		return s
	}
	fmt.Printf("go test ran %d top-level tests (Test*, Example*, Fuzz* seed corpora) in %.1fs:\n", len(names), testTime.Seconds())
	fmt.Printf("  through package json (at least one routed call): %d: %s\n", len(through.names), line(through))
	var mixed []string
	for _, name := range through.names {
		if u := h.usesInternals[name]; len(u) > 0 {
			mixed = append(mixed, name+" ("+strings.Join(u, " ")+")")
		}
	}
	if len(mixed) > 0 {
		fmt.Printf("    of which %d also use the copy's internals (those parts test Go's copy):\n      %s\n", len(mixed), strings.Join(mixed, "\n      "))
	}
	var only []string
	for _, name := range copyOnly.names {
		if u := h.usesInternals[name]; len(u) > 0 {
			name += " (" + strings.Join(u, " ") + ")"
		}
		only = append(only, name)
	}
	fmt.Printf("  no routed call (Go's copy's internals, the copy's error types, the aliased types' methods): %d: %s\n      %s\n",
		len(copyOnly.names), line(copyOnly), strings.Join(only, "\n      "))
	if len(through.skip)+len(copyOnly.skip) > 0 {
		fmt.Printf("skipped: %s\n", strings.Join(slices.Concat(through.skip, copyOnly.skip), " "))
	}
	code := 0
	if len(realFails) > 0 {
		code = 1
		fmt.Printf("FAILED: %d: %s\n", len(realFails), strings.Join(realFails, " "))
		for _, name := range realFails {
			how := ""
			if results[name].killed {
				how = ", ended the test binary"
			}
			sub := 0
			for _, l := range results[name].output {
				if t := strings.TrimSpace(l); strings.HasPrefix(t, "--- FAIL: "+name+"/") {
					sub++
				}
			}
			if sub > 0 {
				how += fmt.Sprintf(", %d failed subtests", sub)
			}
			fmt.Printf("--- %s (%s%s)\n", name, h.declared[name], how)
			printFailure(failureOutput(results[name].output), 80)
		}
	}
	if len(missing) > 0 {
		code = 1
		fmt.Printf("FAILED: declared but not run: %s\n", strings.Join(missing, " "))
	}
	if len(through.names) == 0 {
		code = 1
		fmt.Println("FAILED: no test called package json")
	}
	if waitErr != nil && len(realFails) == 0 {
		code = 1
		fmt.Print(strings.Join(pkgOutput, ""))
		fmt.Print(stderr)
		fmt.Printf("FAILED: go test: %v\n", waitErr)
	}
	if code == 0 {
		if h.target != jsonPath {
			fmt.Printf("test-gostd control run ok: %d routed tests passed against %s\n", len(through.pass), h.target)
		} else {
			fmt.Printf("test-gostd ok: %d tests through package json passed\n", len(through.pass))
		}
	}
	return code, nil
}

// failureOutput drops the lines of go test -v that only mark a (sub)test
// starting, pausing or passing.
func failureOutput(lines []string) []string {
	var out []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- PASS") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// printFailure prints a failed test's output, its first and last n/2 lines
// when it has more than n: the first error and the end (a panic's trace).
func printFailure(lines []string, n int) {
	show := func(lines []string) {
		for _, l := range lines {
			fmt.Print("    " + l)
			if !strings.HasSuffix(l, "\n") {
				fmt.Println()
			}
		}
	}
	if len(lines) <= n {
		show(lines)
		return
	}
	show(lines[:n/2])
	fmt.Printf("    ... (%d lines)\n", len(lines)-n)
	show(lines[len(lines)-n/2:])
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
