package main

import (
	"bytes"
	"encoding/json"
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
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The copy: a temporary module holding Go's encoding/json files of the
// build in use (and, under jsonv2, the standard packages they need, imports
// rewritten), entry points renamed std* so that testdata/route.go can take
// their names, and the test files with their imports mapped.

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
