// Command mkzip makes a module zip of a directory with golang.org/x/mod/zip
// (the code the go command itself uses) and lays it out as a GOPROXY
// directory that a file:// GOPROXY serves: <out>/<path>/@v/<version>.zip,
// .mod, .info and list. make test-consumer (run.sh) runs it on a clean clone
// of the module.
//
//	go run . -path github.com/simdjson-cgo/simdjson -version v0.0.0-... -dir CLONE -out PROXYDIR
package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	path := flag.String("path", "", "module path")
	version := flag.String("version", "", "module version (canonical semver)")
	dir := flag.String("dir", "", "module root directory (a clean clone)")
	out := flag.String("out", "", "GOPROXY directory to write")
	need := flag.String("need", "", "comma-separated files the zip must hold (relative to the module root)")
	flag.Parse()
	if err := run(*path, *version, *dir, *out, *need); err != nil {
		fmt.Fprintln(os.Stderr, "mkzip:", err)
		os.Exit(1)
	}
}

func run(path, version, dir, out, need string) error {
	m := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	esc, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	vdir := filepath.Join(out, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return err
	}
	var zbuf bytes.Buffer
	if err := modzip.CreateFromDir(&zbuf, m, dir); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, version+".zip"), zbuf.Bytes(), 0o644); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, version+".mod"), gomod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, version+".info"), info, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, "list"), []byte(version+"\n"), 0o644); err != nil {
		return err
	}

	// What the zip holds: the files a build needs must be there.
	zr, err := zip.NewReader(bytes.NewReader(zbuf.Bytes()), int64(zbuf.Len()))
	if err != nil {
		return err
	}
	prefix := path + "@" + version + "/"
	held := map[string]bool{}
	for _, f := range zr.File {
		held[strings.TrimPrefix(f.Name, prefix)] = true
	}
	for _, name := range strings.Split(need, ",") {
		if name != "" && !held[name] {
			return fmt.Errorf("the zip lacks %s", name)
		}
	}
	fmt.Printf("mkzip: %s@%s: %d files, %d bytes -> %s\n", path, version, len(zr.File), zbuf.Len(), vdir)
	return nil
}
