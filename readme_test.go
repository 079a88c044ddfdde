package simdjson_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeImports are the packages a README fragment may use without
// importing them, each with a name that keeps an unused import legal.
var readmeImports = []struct{ path, use string }{
	{"errors", "errors.New"},
	{"fmt", "fmt.Sprint"},
	{"log", "log.Print"},
	{"net/http", "http.StatusOK"},
	{"os", "os.Exit"},
	{"runtime", "runtime.NumCPU"},
	{"github.com/simdjson-cgo/simdjson", "simdjson.Padding"},
}

// readmeProgram turns one ```go block of README.md into a Go file of
// package main: a block that starts with "package" as it is; a block with
// top-level declarations (a line starting "func " or "type ") as the body
// of a file, its import lines merged with readmeImports; any other block as
// the body of func readme(body []byte) error, which ends in return nil.
func readmeProgram(block string) string {
	if strings.HasPrefix(block, "package ") {
		return block
	}
	var own []string
	var rest []string
	for _, l := range strings.Split(block, "\n") {
		if strings.HasPrefix(l, "import ") {
			own = append(own, strings.TrimSpace(strings.SplitN(strings.TrimPrefix(l, "import "), "//", 2)[0]))
			continue
		}
		rest = append(rest, l)
	}
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, o := range own {
		b.WriteString("\t" + o + "\n")
	}
	var uses []string
	for _, imp := range readmeImports {
		if !strings.Contains(strings.Join(own, " "), `"`+imp.path+`"`) {
			b.WriteString("\t" + strconvQuote(imp.path) + "\n")
			uses = append(uses, imp.use)
		}
	}
	b.WriteString(")\n\n")
	for _, u := range uses {
		b.WriteString("var _ = " + u + "\n")
	}
	body := strings.Join(rest, "\n")
	if regexp.MustCompile(`(?m)^(func|type) `).MatchString(body) {
		b.WriteString("\n" + body + "\n\nfunc main() {}\n")
	} else {
		b.WriteString("\nfunc readme(body []byte) error {\n" + body + "\nreturn nil\n}\n\nfunc main() { _ = readme(nil) }\n")
	}
	return b.String()
}

func strconvQuote(s string) string { return `"` + s + `"` }

// TestREADMEExamples: every ```go block of README.md compiles (each as a
// program of its own, through go build -overlay: nothing is written into
// the repository), so the README's examples cannot rot.
func TestREADMEExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds the README's examples")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(readme), -1)
	if len(blocks) < 5 {
		t.Fatalf("README.md has %d go blocks, want at least 5", len(blocks))
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	replace := map[string]string{}
	var pkgs []string
	for i, m := range blocks {
		src := filepath.Join(tmp, fmt.Sprintf("block%d.go", i+1))
		if err := os.WriteFile(src, []byte(readmeProgram(m[1])), 0o600); err != nil {
			t.Fatal(err)
		}
		dir := fmt.Sprintf("internal/readmeexamples/block%d", i+1)
		replace[filepath.Join(root, dir, "main.go")] = src
		pkgs = append(pkgs, "./"+dir)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": replace})
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o600); err != nil {
		t.Fatal(err)
	}
	// Built without cgo, for the host: the API is the same, the build needs
	// no C++ compile, and it works when this test binary runs under qemu
	// with cross-compiling variables set.
	cmd := exec.Command(gobin, append([]string{"build", "-o", tmp, "-overlay", ov}, pkgs...)...)
	cmd.Dir = root
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "GOOS" && k != "GOARCH" && k != "CGO_ENABLED" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		for i, m := range blocks {
			t.Logf("README.md's go block %d, as compiled:\n%s", i+1, readmeProgram(m[1]))
		}
		t.Fatalf("go build: %v\n%s", err, out)
	}
}
