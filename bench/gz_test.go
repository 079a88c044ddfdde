package main

import (
	"testing"
)

// Every -gz method computes the generator's tally over a few small .json.gz
// files, on one thread and two (the inflate-only ones inflate every byte).
func TestGzMethods(t *testing.T) {
	man, err := gzFiles(t.TempDir(), 3<<20, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if len(man.Files) < 3 {
		t.Fatalf("%d files, want 3", len(man.Files))
	}
	for _, m := range gzMethods() {
		for _, threads := range []int{1, 2} {
			c, err := m.run(man.Files, threads)
			if err != nil {
				t.Fatalf("%s, %d threads: %v", m.name, threads, err)
			}
			if m.inflate || m.oneFile {
				continue
			}
			c.flush()
			if d := c.Diff(man.Tally); d != "" {
				t.Errorf("%s, %d threads: counts differ from the tally:\n%s", m.name, threads, d)
			}
		}
	}
}
