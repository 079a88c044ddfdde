package json_test

import (
	stdjson "encoding/json"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const ourPath = "github.com/simdjson-cgo/simdjson/json"

// TestAPI: package json exports what encoding/json exports, in the
// toolchain and build running the test (the export data of both packages,
// from go list -export, compared with go/types), and nothing more. Each
// function and each method of Decoder and Encoder has the same signature
// (Decoder and Encoder being this package's types), Decoder and Encoder are
// this package's structs with no exported field, every other name is a
// type alias whose type is identical to encoding/json's (an alias here for
// each type and each alias there). So a Go release or a GOEXPERIMENT that
// adds a name to encoding/json (jsonv2 adds Options and its constructors)
// fails this test until the name exists here.
func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds export data")
	}
	std, ours := importBoth(t)
	// The go command built the export data for the build this test binary
	// runs (GOEXPERIMENT=jsonv2 or not): RawMessage is jsontext.Value in
	// one, encoding/json's own type in the other.
	want := reflect.TypeFor[stdjson.RawMessage]().PkgPath()
	if got := typePkgPath(std.Scope().Lookup("RawMessage")); got != want {
		t.Fatalf("go list -export built encoding/json's RawMessage in package %s, the test binary in %s: not the same build (GOEXPERIMENT, GOTOOLCHAIN?)", got, want)
	}
	var names []string
	for _, name := range std.Scope().Names() {
		if token.IsExported(name) {
			names = append(names, name)
		}
	}
	for _, name := range ours.Scope().Names() {
		if token.IsExported(name) && std.Scope().Lookup(name) == nil {
			t.Errorf("%s: exported here, not by encoding/json", name)
		}
	}
	ok := 0
	for _, name := range names {
		if err := sameName(std, ours, name); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ok++
	}
	t.Logf("%s (%s): %d/%d exported names of encoding/json hold for package json", runtime.Version(), reflect.TypeFor[stdjson.RawMessage](), ok, len(names))
}

// importBoth loads the export data of encoding/json and of this package, as
// the go command running the test builds them (GOEXPERIMENT, CGO_ENABLED
// and GOFLAGS pass through the environment).
func importBoth(t *testing.T) (std, ours *types.Package) {
	// runtime.Version adds the experiments that differ from the default
	// (go1.26.8-X:jsonv2); go env GOVERSION does not.
	version, _, _ := strings.Cut(runtime.Version(), "-X:")
	if v, err := exec.Command("go", "env", "GOVERSION").Output(); err != nil {
		t.Fatalf("go env GOVERSION: %v", err)
	} else if got := strings.TrimSpace(string(v)); got != version {
		t.Fatalf("the go command is %s, the test binary %s: export data would come from another toolchain", got, runtime.Version())
	}
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", "encoding/json", ourPath).Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for l := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(l, " "); ok && file != "" {
			exports[path] = file
		}
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	}).(types.Importer)
	if std, err = imp.Import("encoding/json"); err != nil {
		t.Fatal(err)
	}
	if ours, err = imp.Import(ourPath); err != nil {
		t.Fatal(err)
	}
	return std, ours
}

func typePkgPath(obj types.Object) string {
	if obj == nil {
		return ""
	}
	if n, ok := types.Unalias(obj.Type()).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path()
	}
	return ""
}

// own are the types this package defines itself; every other type name is
// encoding/json's.
var own = map[string]bool{"Decoder": true, "Encoder": true}

// typeString prints types with both packages named "json", so that this
// package's Decoder reads as encoding/json's; other packages by their path.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p.Path() == ourPath || p.Path() == "encoding/json" {
			return "json"
		}
		return p.Path()
	})
}

// sameName checks one exported name of encoding/json against this
// package's.
func sameName(std, ours *types.Package, name string) error {
	s, o := std.Scope().Lookup(name), ours.Scope().Lookup(name)
	if o == nil {
		return fmt.Errorf("missing (encoding/json: %s)", types.ObjectString(s, types.RelativeTo(std)))
	}
	switch s := s.(type) {
	case *types.Func:
		of, ok := o.(*types.Func)
		if !ok {
			return fmt.Errorf("%s, want a function", types.ObjectString(o, types.RelativeTo(ours)))
		}
		if a, b := typeString(s.Type()), typeString(of.Type()); a != b {
			return fmt.Errorf("signature %s, want %s", b, a)
		}
		return nil
	case *types.TypeName:
		ot, ok := o.(*types.TypeName)
		if !ok {
			return fmt.Errorf("%s, want a type", types.ObjectString(o, types.RelativeTo(ours)))
		}
		if own[name] {
			return sameOwnType(s, ot)
		}
		// An alias of encoding/json's type, whether encoding/json's name is
		// a defined type (Number) or itself an alias (RawMessage =
		// jsontext.Value under jsonv2).
		if !ot.IsAlias() {
			return fmt.Errorf("defined here as %s, want an alias of encoding/json's", typeString(ot.Type().Underlying()))
		}
		if !types.Identical(ot.Type(), s.Type()) {
			return fmt.Errorf("%s, want encoding/json's %s", typeString(types.Unalias(ot.Type())), typeString(types.Unalias(s.Type())))
		}
		return nil
	default:
		// encoding/json exports no variable or constant today: one would
		// need its own rule.
		return fmt.Errorf("encoding/json exports %s, which TestAPI does not know how to check", types.ObjectString(s, types.RelativeTo(std)))
	}
}

// sameOwnType checks Decoder or Encoder: this package's struct, no exported
// field (as encoding/json's), the same exported methods with the same
// signatures, and no other exported method.
func sameOwnType(s, o *types.TypeName) error {
	if o.IsAlias() {
		return fmt.Errorf("an alias; want this package's own type")
	}
	st, ok := o.Type().Underlying().(*types.Struct)
	if !ok {
		return fmt.Errorf("not a struct")
	}
	for f := range st.Fields() {
		if f.Exported() {
			return fmt.Errorf("exported field %s", f.Name())
		}
	}
	methods := func(tn *types.TypeName) map[string]string {
		m := map[string]string{}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		for sel := range ms.Methods() {
			if f := sel.Obj(); f.Exported() {
				m[f.Name()] = typeString(f.Type())
			}
		}
		return m
	}
	sm, om := methods(s), methods(o)
	var errs []string
	for _, name := range slices.Sorted(maps.Keys(sm)) {
		switch got, ok := om[name]; {
		case !ok:
			errs = append(errs, "method "+name+" missing")
		case got != sm[name]:
			errs = append(errs, fmt.Sprintf("method %s: signature %s, want %s", name, got, sm[name]))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(om)) {
		if _, ok := sm[name]; !ok {
			errs = append(errs, "method "+name+" exported here, not by encoding/json")
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}
