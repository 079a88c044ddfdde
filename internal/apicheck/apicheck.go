// Package apicheck is the shared part of the TestAPI tests of packages json,
// json/v2 and json/jsontext: every exported name of a standard package
// (encoding/json, encoding/json/v2, encoding/json/jsontext) exists in this
// module's package with the same kind and an identical signature, and this
// module's package exports nothing more. The packages are compared as
// go/types reads their export data, built by the go command running the
// test, so the toolchain and build (GOEXPERIMENT, CGO_ENABLED, GOFLAGS)
// are those of the test binary.
//
// Only tests import it; standard library only.
package apicheck

import (
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Load returns the export data of the standard package stdPath and of this
// module's package ourPath, as the go command running the test builds them
// (go list -export; GOEXPERIMENT, CGO_ENABLED and GOFLAGS pass through the
// environment). It fails the test when the go command on PATH is another
// toolchain than the test binary's.
func Load(t testing.TB, stdPath, ourPath string) (std, ours *types.Package) {
	t.Helper()
	// runtime.Version adds the experiments that differ from the default
	// (go1.26.8-X:jsonv2); go env GOVERSION does not.
	version, _, _ := strings.Cut(runtime.Version(), "-X:")
	if v, err := exec.Command("go", "env", "GOVERSION").Output(); err != nil {
		t.Fatalf("go env GOVERSION: %v", err)
	} else if got := strings.TrimSpace(string(v)); got != version {
		t.Fatalf("the go command is %s, the test binary %s: export data would come from another toolchain", got, runtime.Version())
	}
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", stdPath, ourPath).Output()
	if err != nil {
		t.Fatalf("go list -export %s %s: %v", stdPath, ourPath, err)
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
	if std, err = imp.Import(stdPath); err != nil {
		t.Fatal(err)
	}
	if ours, err = imp.Import(ourPath); err != nil {
		t.Fatal(err)
	}
	return std, ours
}

// Own says how Check compares a type this module's package defines itself
// (not an alias of the standard's).
type Own int

const (
	// Struct: a struct with no exported field; its pointer has the
	// standard's exported methods with the same signatures, and no other
	// exported method (json's and jsontext's Decoder and Encoder).
	Struct Own = iota + 1
	// Interface: an interface with the standard's methods (exported or
	// not), with the same signatures, and no other (json/v2's MarshalerTo and UnmarshalerFrom,
	// whose methods take this module's jsontext types).
	Interface
)

// Config is what one package's TestAPI tells Check.
type Config struct {
	// Names prints packages in signatures and messages: import path → the
	// name to print. The standard package and this module's counterpart
	// print as the same name (and so do the packages their signatures
	// use, such as both jsontext packages for json/v2), so that a
	// signature with this module's Decoder reads as the standard's. Other
	// packages print by their path.
	Names map[string]string
	// Own are the standard's type names this module's package defines
	// itself, and how to compare them; every other type name must be an
	// alias whose type is identical to the standard's.
	Own map[string]Own
	// Skip are the standard's exported names this module's package does
	// not have (and need not).
	Skip map[string]bool
	// Consts: compare constants (identical type, same exact value). Vars:
	// compare variables (identical type; their values need a test of the
	// package's own). When false, a constant or variable of the standard
	// package is an error: one that appears needs a rule.
	Consts, Vars bool
}

// Result is what Check found.
type Result struct {
	// Compared counts the standard's exported names compared (all but
	// Config.Skip), Held those that hold.
	Compared, Held int
	// Errs: one error per exported name of this module's package that
	// the standard's does not export, then one per name of the standard's
	// that does not hold, each starting with the name.
	Errs []error
}

// Check compares the exported names of std (the standard package) with
// those of ours.
func Check(std, ours *types.Package, cfg Config) Result {
	var r Result
	for _, name := range ours.Scope().Names() {
		if token.IsExported(name) && std.Scope().Lookup(name) == nil {
			r.Errs = append(r.Errs, fmt.Errorf("%s: exported here, not by %s", name, std.Path()))
		}
	}
	c := checker{cfg: cfg, std: std, ours: ours}
	for _, name := range std.Scope().Names() {
		if !token.IsExported(name) || cfg.Skip[name] {
			continue
		}
		r.Compared++
		if err := c.sameName(name); err != nil {
			r.Errs = append(r.Errs, fmt.Errorf("%s: %w", name, err))
			continue
		}
		r.Held++
	}
	return r
}

// Report runs Check, fails t with each error, and returns the counts for
// the test's log line.
func Report(t testing.TB, std, ours *types.Package, cfg Config) (held, compared int) {
	t.Helper()
	r := Check(std, ours, cfg)
	for _, err := range r.Errs {
		t.Error(err)
	}
	return r.Held, r.Compared
}

type checker struct {
	cfg       Config
	std, ours *types.Package
}

func (c *checker) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if name, ok := c.cfg.Names[p.Path()]; ok {
			return name
		}
		return p.Path()
	})
}

// sameName checks one exported name of the standard package against this
// module's.
func (c *checker) sameName(name string) error {
	stdPath := c.std.Path()
	s, o := c.std.Scope().Lookup(name), c.ours.Scope().Lookup(name)
	if o == nil {
		return fmt.Errorf("missing (%s: %s)", stdPath, types.ObjectString(s, types.RelativeTo(c.std)))
	}
	switch s := s.(type) {
	case *types.Func:
		of, ok := o.(*types.Func)
		if !ok {
			return fmt.Errorf("%s, want a function", types.ObjectString(o, types.RelativeTo(c.ours)))
		}
		if a, b := c.typeString(s.Type()), c.typeString(of.Type()); a != b {
			return fmt.Errorf("signature %s, want %s", b, a)
		}
		return nil
	case *types.TypeName:
		ot, ok := o.(*types.TypeName)
		if !ok {
			return fmt.Errorf("%s, want a type", types.ObjectString(o, types.RelativeTo(c.ours)))
		}
		if kind, ok := c.cfg.Own[name]; ok {
			return c.sameOwnType(s, ot, kind)
		}
		// An alias of the standard's type, whether the standard's name is
		// a defined type (Number) or itself an alias (RawMessage =
		// jsontext.Value under jsonv2).
		if !ot.IsAlias() {
			return fmt.Errorf("defined here as %s, want an alias of %s's", c.typeString(ot.Type().Underlying()), stdPath)
		}
		if !types.Identical(ot.Type(), s.Type()) {
			return fmt.Errorf("%s, want %s's %s", c.typeString(types.Unalias(ot.Type())), stdPath, c.typeString(types.Unalias(s.Type())))
		}
		return nil
	case *types.Const:
		if !c.cfg.Consts {
			break
		}
		oc, ok := o.(*types.Const)
		if !ok {
			return fmt.Errorf("%s, want a constant", types.ObjectString(o, types.RelativeTo(c.ours)))
		}
		if !types.Identical(oc.Type(), s.Type()) || oc.Val().ExactString() != s.Val().ExactString() {
			return fmt.Errorf("%s, want %s", types.ObjectString(oc, nil), types.ObjectString(s, nil))
		}
		return nil
	case *types.Var:
		if !c.cfg.Vars {
			break
		}
		ov, ok := o.(*types.Var)
		if !ok {
			return fmt.Errorf("%s, want a variable of type %s", types.ObjectString(o, types.RelativeTo(c.ours)), c.typeString(s.Type()))
		}
		if !types.Identical(ov.Type(), s.Type()) {
			return fmt.Errorf("type %s, want %s", c.typeString(ov.Type()), c.typeString(s.Type()))
		}
		return nil
	}
	return fmt.Errorf("%s exports %s, which TestAPI does not know how to check", stdPath, types.ObjectString(s, types.RelativeTo(c.std)))
}

// sameOwnType checks a type this module's package defines itself.
func (c *checker) sameOwnType(s, o *types.TypeName, kind Own) error {
	if o.IsAlias() {
		return fmt.Errorf("an alias; want this package's own type")
	}
	var recv func(*types.TypeName) types.Type
	extra := "exported here, not by " + c.std.Path()
	switch kind {
	case Struct:
		st, ok := o.Type().Underlying().(*types.Struct)
		if !ok {
			return fmt.Errorf("not a struct")
		}
		for f := range st.Fields() {
			if f.Exported() {
				return fmt.Errorf("exported field %s", f.Name())
			}
		}
		recv = func(tn *types.TypeName) types.Type { return types.NewPointer(tn.Type()) }
	case Interface:
		if !types.IsInterface(o.Type()) {
			return fmt.Errorf("not an interface")
		}
		recv = func(tn *types.TypeName) types.Type { return tn.Type() }
		extra = "here, not in " + c.std.Path() + "'s " + s.Name()
	default:
		return fmt.Errorf("apicheck.Config.Own: unknown kind %d", kind)
	}
	methods := func(tn *types.TypeName) map[string]string {
		m := map[string]string{}
		for sel := range types.NewMethodSet(recv(tn)).Methods() {
			// An interface's methods all count (an unexported one here
			// would be one the standard's does not have).
			if f := sel.Obj(); f.Exported() || kind == Interface {
				m[f.Name()] = c.typeString(f.Type())
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
			errs = append(errs, "method "+name+" "+extra)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}
