package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"strings"
	"testing"
	"time"
)

// TestRequestBodies: the bodies are deterministic, of about their sizes,
// valid, fully covered by reqOrder, and carry the escapes they claim.
func TestRequestBodies(t *testing.T) {
	a, b := requestBodies(1, nil), requestBodies(1, nil)
	if len(a) != len(requestSizes) {
		t.Fatalf("%d bodies, want %d", len(a), len(requestSizes))
	}
	for i, body := range a {
		if !bytes.Equal(body.data, b[i].data) {
			t.Errorf("%s: same seed, different bytes", body.label)
		}
		target := requestSizes[i].target
		if n := len(body.data); n < target*3/4 || n > target*5/4 {
			t.Errorf("%s: %d bytes, want about %d", body.label, n, target)
		}
		dec := json.NewDecoder(bytes.NewReader(body.data))
		dec.DisallowUnknownFields()
		var o reqOrder
		if err := dec.Decode(&o); err != nil {
			t.Errorf("%s: %v", body.label, err)
		}
		// Always there (the others, \u003c, 日本茶, null, depend on the draw).
		want := []string{`\u00e9`}
		if target >= 1000 {
			want = append(want, `\"`, `\n`, `\u0026`, `\ud83c\udf81`, `https:\/\/`, "ü")
		}
		for _, w := range want {
			if !bytes.Contains(body.data, []byte(w)) {
				t.Errorf("%s: no %s in the body", body.label, w)
			}
		}
	}
	if c := requestBodies(2, []string{"2kB"}); len(c) != 1 || bytes.Equal(c[0].data, a[1].data) {
		t.Error("seeds 1 and 2 give the same 2kB body (or -request-sizes selection failed)")
	}
}

// TestRequestDecodersAgree is the request suite's correctness check: each
// method's Decoder decodes each body into each target as encoding/json does.
func TestRequestDecodersAgree(t *testing.T) {
	for _, body := range requestBodies(1, nil) {
		for _, target := range requestTargets {
			for _, m := range requestMethods() {
				if m.decode == nil {
					continue // json/v2 without GOEXPERIMENT=jsonv2
				}
				if err := checkRequestDecode(m, body.data, target); err != nil {
					t.Errorf("%s into %s, %s: %v", body.label, target.name, m.name, err)
				}
			}
		}
	}
}

// TestRequestSuiteQuick runs the request suite (both outputs) on the small
// bodies with tiny runs; no timing is asserted.
func TestRequestSuiteQuick(t *testing.T) {
	defer setFlags(t, map[string]string{"request-sizes": "200B,2kB", "request-time": "2ms", "runs": "1", "methods": ""})()
	var table bytes.Buffer
	*flagJSON = false
	if err := runRequestSuite(&table); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "encoding/json") {
		t.Errorf("table without encoding/json:\n%s", table.String())
	}
	var lines bytes.Buffer
	*flagJSON = true
	if err := runRequestSuite(&lines); err != nil {
		t.Fatal(err)
	}
	n := 0
	sc := bufio.NewScanner(&lines)
	for sc.Scan() {
		var row map[string]any
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		for _, k := range []string{"size", "target", "method", "nsop", "bytesop", "allocs"} {
			if _, ok := row[k]; !ok {
				t.Errorf("line %q has no %s", sc.Text(), k)
			}
		}
		if row["ok"] == true && row["nsop"].(float64) <= 0 {
			t.Errorf("line %q: ok without a figure", sc.Text())
		}
		if row["ok"] != true && !needsNewerGo(row["note"].(string)) {
			t.Errorf("line %q: not ok", sc.Text())
		}
		n++
	}
	if want := 2 * len(requestTargets) * len(requestMethods()); n != want {
		t.Errorf("%d lines, want %d", n, want)
	}
}

// TestRequestHTTPQuick: a tiny round of the request-http suite (each
// method's handler checked, a few requests under load) ends on its own and
// closes its server; no timing is asserted.
func TestRequestHTTPQuick(t *testing.T) {
	bodies := requestBodies(1, []string{"200B", "2kB"})
	methods := requestMethods()
	var out bytes.Buffer
	if err := runRequestHTTP(&out, bodies, methods, 1, 2, 200*time.Millisecond, 20, true); err != nil {
		t.Fatal(err)
	}
	n := 0
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		var row httpRow
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		n++
		if !row.OK {
			if !needsNewerGo(row.Note) {
				t.Errorf("%s %s: %s", row.Size, row.Method, row.Note)
			}
			continue
		}
		if row.Target != "http" || row.Requests == 0 || row.Requests > 20 || row.RPS <= 0 || row.P99us <= 0 {
			t.Errorf("row %+v", row)
		}
	}
	if n != len(bodies)*len(methods) {
		t.Errorf("%d lines, want %d", n, len(bodies)*len(methods))
	}
	var table bytes.Buffer
	if err := runRequestHTTP(&table, bodies[:1], methods[:2], 1, 1, 20*time.Millisecond, 5, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "req/s") {
		t.Errorf("table:\n%s", table.String())
	}

	// The server stops on Close: a request afterwards fails.
	s, err := startRequestServer(methods[:2], 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.check(methods[1], bodies[0].data); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.post(methods[1], bodies[0].data); err == nil {
		t.Error("the server still answers after Close")
	}
}

// setFlags sets flags by name for a test and returns a function that
// restores them (and -json).
func setFlags(t *testing.T, set map[string]string) func() {
	t.Helper()
	old := map[string]string{}
	for name, v := range set {
		f := flag.Lookup(name)
		if f == nil {
			t.Fatalf("no flag -%s", name)
		}
		old[name] = f.Value.String()
		if err := f.Value.Set(v); err != nil {
			t.Fatal(err)
		}
	}
	oldJSON := *flagJSON
	return func() {
		for name, v := range old {
			flag.Lookup(name).Value.Set(v)
		}
		*flagJSON = oldJSON
	}
}

// TestRequestSubValueQuick: the sub-value rows alone (-request-sizes
// payload): three rows, each checked against encoding/json and timed.
func TestRequestSubValueQuick(t *testing.T) {
	defer setFlags(t, map[string]string{"request-sizes": "payload", "request-time": "2ms", "runs": "1", "methods": ""})()
	var lines bytes.Buffer
	*flagJSON = true
	if err := runRequestSuite(&lines); err != nil {
		t.Fatal(err)
	}
	var methods []string
	sc := bufio.NewScanner(&lines)
	for sc.Scan() {
		var row requestRow
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if !row.OK || row.NsOp <= 0 || row.Size != "payload" {
			t.Errorf("line %q", sc.Text())
		}
		methods = append(methods, row.Method)
	}
	if strings.Join(methods, ",") != "Decode,RawJSON+Unmarshal,Unmarshal-alone" {
		t.Errorf("rows %v", methods)
	}
}

// needsNewerGo reports whether a row's note says it did not run because
// this toolchain lacks what it measures: encoding/json/v2 before Go 1.27
// without GOEXPERIMENT=jsonv2 (the standard v2 row), or Go 1.27's
// encoding/json/v2 (the json/v2 and goccy/v2 rows). Any other note is a
// failure.
func needsNewerGo(note string) bool {
	return strings.HasPrefix(note, "needs GOEXPERIMENT") || strings.HasPrefix(note, "needs Go 1.27")
}
