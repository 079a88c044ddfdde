package shim

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoCGOStubComplete checks that shim_nocgo.go (built with CGO_ENABLED=0)
// declares every exported function, type and constant of the cgo files,
// with the same signatures and type definitions, so that the module keeps
// compiling without cgo.
func TestNoCGOStubComplete(t *testing.T) {
	withCgo, without := exportedDecls(t, false), exportedDecls(t, true)
	for name, decl := range withCgo {
		got, ok := without[name]
		switch {
		case !ok:
			t.Errorf("shim_nocgo.go lacks %s (%s)", name, decl)
		case got != decl:
			t.Errorf("%s differs:\n cgo:   %s\n nocgo: %s", name, decl, got)
		}
	}
	for name := range without {
		if _, ok := withCgo[name]; !ok {
			t.Errorf("shim_nocgo.go declares %s, which the cgo files do not", name)
		}
	}
}

// exportedDecls maps each exported top-level name of the package's files
// (those built without cgo, or with it) to its declaration's text (the
// signature of a function, the definition of a type; "const" for constants).
func exportedDecls(t *testing.T, nocgo bool) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		isNoCGO := bytes.Contains(src, []byte("//go:build !cgo"))
		isCGO := bytes.Contains(src, []byte("//go:build cgo"))
		if !isNoCGO && !isCGO {
			continue // both builds compile it (types.go)
		}
		if isNoCGO != nocgo {
			continue
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		text := func(n ast.Node) string {
			var b bytes.Buffer
			printer.Fprint(&b, fset, n)
			return b.String()
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					out[d.Name.Name] = text(d.Type)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							out[s.Name.Name] = stripComments(text(s.Type))
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								out[n.Name] = d.Tok.String()
							}
						}
					}
				}
			}
		}
	}
	return out
}

// stripComments removes // comments and blank space differences from a
// printed type.
func stripComments(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, "//"); i >= 0 {
			l = l[:i]
		}
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
