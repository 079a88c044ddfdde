package json_test

import (
	"bufio"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const ourPath = "github.com/simdjson-cgo/simdjson/json"

// TestAPI: every line of encoding/json's API ($GOROOT/api/go1*.txt) holds
// for this package: each function and method with the same signature
// (Decoder and Encoder being this package's types), each other type the
// same type (an alias). The packages' export data (go list -export) is
// compared with go/types.
func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds export data")
	}
	lines := apiLines(t)
	if len(lines) == 0 {
		t.Skip("skipping: no encoding/json lines in $GOROOT/api")
	}
	std, ours := importBoth(t)
	ok := 0
	for _, line := range lines {
		if err := checkAPILine(std, ours, line); err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		ok++
	}
	t.Logf("%d/%d API lines of encoding/json hold for package json", ok, len(lines))
	// Names beyond the API files (none expected): every exported name of
	// encoding/json must exist here. (GOEXPERIMENT=jsonv2 adds the
	// experiment's options to encoding/json, which this package leaves out.)
	t.Run("all-names", func(t *testing.T) {
		skipUnlessClassicJSON(t)
		for _, name := range std.Scope().Names() {
			if token.IsExported(name) && ours.Scope().Lookup(name) == nil {
				t.Errorf("missing %s", name)
			}
		}
	})
}

// apiLines returns the distinct "pkg encoding/json, ..." lines of the API
// files, without the prefix.
func apiLines(t *testing.T) []string {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "api", "go1*.txt"))
	seen := map[string]bool{}
	var lines []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			l, found := strings.CutPrefix(sc.Text(), "pkg encoding/json, ")
			if found && !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
		fh.Close()
	}
	return lines
}

func importBoth(t *testing.T) (std, ours *types.Package) {
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", "encoding/json", ourPath).Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
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

// checkAPILine checks one API line: "func F(...)", "method (R) M(...)",
// "type T ..." (its kind, a field or an interface method).
func checkAPILine(std, ours *types.Package, line string) error {
	kind, rest, _ := strings.Cut(line, " ")
	switch kind {
	case "func":
		name := rest[:strings.IndexByte(rest, '(')]
		return sameFunc(std, ours, name)
	case "method":
		// "(*Decoder) Buffered() io.Reader" or "(Number) String() string"
		recv := strings.Trim(rest[:strings.IndexByte(rest, ')')+1], "()")
		after := strings.TrimSpace(rest[strings.IndexByte(rest, ')')+1:])
		name := after[:strings.IndexByte(after, '(')]
		return sameMethod(std, ours, strings.TrimPrefix(recv, "*"), name)
	case "type":
		name, _, _ := strings.Cut(rest, " ")
		return sameType(std, ours, name)
	}
	return fmt.Errorf("unknown API line kind %q", kind)
}

// own are the types this package defines itself; every other type name is
// encoding/json's.
var own = map[string]bool{"Decoder": true, "Encoder": true}

// qualified prints types with both packages named "json", so that this
// package's Decoder reads as encoding/json's.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p.Path() == ourPath || p.Path() == "encoding/json" {
			return "json"
		}
		return p.Path()
	})
}

func sameFunc(std, ours *types.Package, name string) error {
	s, _ := std.Scope().Lookup(name).(*types.Func)
	o, _ := ours.Scope().Lookup(name).(*types.Func)
	if s == nil || o == nil {
		return fmt.Errorf("function %s missing", name)
	}
	if a, b := typeString(s.Type()), typeString(o.Type()); a != b {
		return fmt.Errorf("signature %s, want %s", b, a)
	}
	return nil
}

func sameMethod(std, ours *types.Package, recv, name string) error {
	s := std.Scope().Lookup(recv)
	o := ours.Scope().Lookup(recv)
	if s == nil || o == nil {
		return fmt.Errorf("type %s missing", recv)
	}
	sm, _, _ := types.LookupFieldOrMethod(types.NewPointer(s.Type()), true, std, name)
	om, _, _ := types.LookupFieldOrMethod(types.NewPointer(o.Type()), true, ours, name)
	sf, _ := sm.(*types.Func)
	of, _ := om.(*types.Func)
	if sf == nil || of == nil {
		return fmt.Errorf("method %s.%s missing", recv, name)
	}
	if a, b := typeString(sf.Type()), typeString(of.Type()); a != b {
		return fmt.Errorf("signature %s, want %s", b, a)
	}
	return nil
}

func sameType(std, ours *types.Package, name string) error {
	s, _ := std.Scope().Lookup(name).(*types.TypeName)
	o, _ := ours.Scope().Lookup(name).(*types.TypeName)
	if s == nil || o == nil {
		return fmt.Errorf("type %s missing", name)
	}
	if own[name] {
		// This package's own: a struct, with no exported field (as
		// encoding/json's).
		st, ok := o.Type().Underlying().(*types.Struct)
		if !ok {
			return fmt.Errorf("%s is not a struct", name)
		}
		for f := range st.Fields() {
			if f.Exported() {
				return fmt.Errorf("%s has an exported field %s", name, f.Name())
			}
		}
		return nil
	}
	if !o.IsAlias() || !types.Identical(o.Type(), s.Type()) {
		return fmt.Errorf("%s is not encoding/json's %s", typeString(o.Type()), name)
	}
	return nil
}
