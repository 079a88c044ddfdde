package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
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
)

// The run: the audit that every entry point of the copy is routed to
// package json, go test -json over the copy, and the report (tests that
// reached package json apart from those that exercised only the copy).

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
