package simdjson

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Files reads documents from the named files, each as File reads it (gzip
// files decompressed): a stream reads them one after the other, in order; a
// map reads up to Threads of them at once, each on a goroutine of its own
// that decompresses it and cuts it into chunks for the map's threads, so
// decompression runs beside parsing and on every core.
//
// Offsets and line numbers are those of each file's (uncompressed) bytes,
// and bad lines (*LineError) and gzip faults (*GzipError) name their file.
// A map's result does not depend on the number of threads or on the order of
// the files: the states see the same documents, bad lines skipped under
// SkipBadLines are reported in file order (the order of paths), then offset.
// A file that cannot be read or decompressed does not stop a map: its
// complete lines before the fault are counted, the other files are read
// through, and the map returns the faults joined (errors.Join) in file order.
// A bad line under the default policy stops the map: the bad line reported
// is the first, in file order, of those the threads had reached. Every path
// is checked to exist (os.Stat) before anything is read.
func Files(paths ...string) Input { return Input{files: slices.Clone(paths), isFiles: true} }

// Glob returns the files that match the patterns (filepath.Glob's syntax),
// sorted within each pattern and each listed once, for Files. A malformed
// pattern, or one that matches nothing, is an error.
func Glob(patterns ...string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("simdjson: glob %q: %w", p, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("simdjson: glob %q matches no file", p)
		}
		for _, f := range m {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// FileDone makes a stream or map over Files call fn as each file has been
// read through: its path, the (uncompressed) bytes read, and its read or
// decompression error (nil at its clean end). A map calls it from the
// goroutine that read the file, concurrently for different files, a little
// before the map's threads have parsed the file's last chunks; fn must be
// safe for concurrent use. It suits progress reports.
func FileDone(fn func(path string, n int64, err error)) StreamOption {
	return func(c *streamConfig) { c.fileDone = fn }
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.n += int64(n)
	}
	return n, err
}

// checkFiles stats each path of a Files input.
func checkFiles(paths []string) error {
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return err
		}
	}
	return nil
}

// readFiles streams the files of a Files input one after the other.
func (s *Stream) readFiles(yield func(int, Document) bool) {
	if err := checkFiles(s.in.files); err != nil {
		s.err = err
		return
	}
	var keep gzipBufs
	defer keep.free()
	for i, path := range s.in.files {
		s.file, s.fileIdx = path, i
		s.lines, s.lineOff = 0, 0
		if !s.readFile(path, &keep, yield) {
			return
		}
	}
}

func (s *Stream) readFile(path string, keep *gzipBufs, yield func(int, Document) bool) bool {
	r, closeIn, err := openFile(path, s.cfg.gzipBuf, keep)
	if err != nil {
		s.err = err
		return false
	}
	defer closeIn()
	if s.cfg.fileDone == nil {
		return s.readAll(r, yield)
	}
	cr := &countingReader{r: r}
	ok := s.readAll(cr, yield)
	if ok || s.err != nil {
		s.cfg.fileDone(path, cr.n, s.err)
	}
	return ok
}

// File returns the file that the stream's current document comes from
// (File and Files inputs; empty for others).
func (s *Stream) File() string { return s.file }

// readFailed records the read error of file (a Files input: kept for the
// end of the map, which goes on) or of the one reader.
func (m *mapper[S]) readFailed(file int, err error) {
	if m.fileErrs == nil {
		m.producerFail(err, true)
		return
	}
	m.mu.Lock()
	if !m.finished && m.fileErrs[file] == nil {
		m.fileErrs[file] = err
	}
	m.mu.Unlock()
}

// runFiles is runReader for a Files input: up to one producer goroutine per
// thread, each taking the next file, decompressing it and feeding its chunks
// to the workers. Buffers: one per thread, one per producer, and one more.
func (m *mapper[S]) runFiles(c *shim.MapConfig, paths []string) int {
	k := max(1, min(len(m.parsers), len(paths)))
	m.fileErrs = make([]error, len(paths))
	release := m.startChunks(len(m.parsers)+k+1, k)
	var next atomic.Int64
	var live atomic.Int32
	live.Store(int32(k))
	for range k {
		go func() {
			defer release()
			defer func() {
				if live.Add(-1) == 0 {
					close(m.ready)
				}
			}()
			returned := false
			defer m.producerRecover(&returned)
			var keep gzipBufs
			defer keep.free()
			for {
				j := int(next.Add(1)) - 1
				if j >= len(paths) || m.stop.Load() {
					break
				}
				select {
				case <-m.done:
					returned = true
					return
				default:
				}
				m.produceFile(paths[j], j, &keep)
			}
			returned = true
		}()
	}
	defer m.endInput(release)
	return shim.RunMap(c)
}

func (m *mapper[S]) produceFile(path string, file int, keep *gzipBufs) {
	r, closeIn, err := openFile(path, m.cfg.gzipBuf, keep)
	if err != nil {
		m.readFailed(file, err)
		return
	}
	defer closeIn()
	if m.cfg.fileDone == nil {
		m.produce(r, file)
		return
	}
	cr := &countingReader{r: r}
	m.produce(cr, file)
	m.mu.Lock()
	err = m.fileErrs[file]
	m.mu.Unlock()
	m.cfg.fileDone(path, cr.n, err)
}

var _ io.Reader = (*gzipReader)(nil)
