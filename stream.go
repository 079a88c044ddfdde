package simdjson

import (
	"bytes"
	"errors"
	"io"
	"iter"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Streams: Parser.Stream reads the documents of an input (NDJSON, or
// concatenated values) on the calling goroutine, one stage-1 pass and one
// cgo call per batch (internal/shim's batch.go and batch.h), a Reader's or
// a file's bytes cut into windows by chunk.go's chunker.

// Stream iterates over the documents of an input, one batch of documents per
// stage-1 pass and one cgo call per batch. Make one with Parser.Stream.
type Stream struct {
	p    *Parser
	in   Input
	cfg  streamConfig
	err  error
	bad  []*LineError
	used bool
	held bool // the stream holds its parser (Parser.enter)
	// The parser's generation when the stream last yielded a document: a
	// Parse or another stream of the parser during the loop's body moved
	// it on.
	yieldGen uint64

	index int
	// decode, set by Decoded, decodes each document (the parser held)
	// before it is yielded: an error makes the line bad.
	decode func(Document) error
	// The file being read (File and Files inputs) and its index.
	file    string
	fileIdx int
	// Line numbers: newlines counted in the input before lineOff.
	lines   int
	lineOff int64
}

// Stream returns a stream over the documents of in: one JSON value per line
// (NDJSON: blank lines are skipped; a line holding anything but one value is
// bad) or, with the Concatenated option, whitespace-separated values. Range
// over Documents to read them; then check Err.
//
// The stream uses p: its documents are p's documents, and parsing something
// else with p ends the stream.
func (p *Parser) Stream(in Input, opts ...StreamOption) *Stream {
	return &Stream{p: p, in: in, cfg: newStreamConfig(opts)}
}

// Err returns the error that stopped the stream (nil at its normal end): a
// *LineError for a bad line under the default policy, an *Error for a stream
// that could not be parsed, or the input's own read error.
func (s *Stream) Err() error { return s.err }

// BadLines returns the lines skipped under the SkipBadLines policy, in input
// order.
func (s *Stream) BadLines() []*LineError { return s.bad }

// Documents yields each document with its index (0-based, counting good
// documents only); Document.Offset gives its byte offset in the input. A
// Document is valid until the next one is yielded. A stream can be iterated
// once.
func (s *Stream) Documents() iter.Seq2[int, Document] {
	return func(yield func(int, Document) bool) {
		if s.used {
			s.err = errors.New("simdjson: stream already iterated")
			return
		}
		s.used = true
		if s.cfg.err != nil {
			s.err = s.cfg.err
			return
		}
		p := s.p
		// The stream holds its parser, except while the loop's body runs.
		if !p.enter() {
			s.err = ErrParserInUse
			return
		}
		s.held = true
		defer func() {
			if !s.held { // the loop's body panicked
				p.enterWait()
			}
			if !p.closed && p.nat != nil {
				p.bumpGen()
				p.release()
			}
			s.held = false
			p.exit()
		}()
		if p.closed {
			s.err = ErrParserClosed
			return
		}
		if err := p.init(); err != nil {
			s.err = err
			return
		}
		if s.in.isData {
			data := s.in.data
			base := int64(0)
			if text.HasBOM(data) {
				data, base = data[3:], 3
				s.lineOff = 3
			}
			if len(data) > 0 {
				p.pin(unsafe.Pointer(unsafe.SliceData(data)), uint64(cap(data)))
			}
			s.process(data, base, true, false, yield)
			return
		}
		if s.in.isFiles {
			s.readFiles(yield)
			return
		}
		s.file = s.in.path
		r, closeIn, err := s.in.open(&s.cfg, nil)
		if err != nil {
			s.err = err
			return
		}
		defer closeIn()
		s.readAll(r, yield)
	}
}

// Decoded yields each document of s decoded into a T, as Value.Decode
// does, with its index (counting the documents yielded): the same *T each
// time, set to T's zero value before each document, valid until the next.
// A document that does not decode into a T is a bad line (a *LineError
// with the decoder's error): it stops the stream (Err), or is skipped under
// SkipBadLines (BadLines).
func Decoded[T any](s *Stream) iter.Seq2[int, *T] {
	return func(yield func(int, *T) bool) {
		v := new(T)
		s.decode = func(doc Document) error {
			var zero T
			*v = zero
			return doc.decodeHeld(v)
		}
		for i := range s.Documents() {
			if !yield(i, v) {
				return
			}
		}
	}
}

// lineOf returns the 1-based line number of offset off of data (which starts
// at input offset base), counting forward from the last offset asked.
func (s *Stream) lineOf(data []byte, base, off int64) int {
	if off < s.lineOff {
		s.lines, s.lineOff = 0, base
	}
	if s.lineOff < base {
		s.lineOff = base
	}
	s.lines += bytes.Count(data[s.lineOff-base:off-base], []byte{'\n'})
	s.lineOff = off
	return s.lines + 1
}

// process parses the documents of data (input offset base) and yields them.
// Unless final, data may end with an incomplete line (or document): process
// stops before it and returns how much it consumed. ok is false when the
// stream must stop.
// data lies in C memory when inC is set, else in the pinned Go array.
func (s *Stream) process(data []byte, base int64, final, inC bool, yield func(int, Document) bool) (consumed int, ok bool) {
	p := s.p
	mode := 0
	if s.cfg.concatenated {
		mode = 1
	}
	batch := s.cfg.batch
	pos := 0
	for pos < len(data) {
		end := pos + batch
		last, atEnd := false, end >= len(data) // the window reaches the end of data
		if atEnd {
			end, last = len(data), final
		}
		if !last {
			if mode == 0 {
				if i := bytes.LastIndexByte(data[pos:end], '\n'); i >= 0 {
					end = pos + i + 1
				} else {
					// A line longer than the batch: the batch grows to
					// hold it, unless it is longer than the limit.
					line := len(data) - pos
					if i := bytes.IndexByte(data[end:], '\n'); i >= 0 {
						end += i + 1
						line = end - 1 - pos
					} else if final {
						end, last = len(data), true
					} else {
						return pos, true // need more input
					}
					if line > s.cfg.maxDoc {
						if !s.overLimit(data, base, base+int64(pos)) {
							return pos, false
						}
						pos = end
						continue
					}
				}
			} else if end < len(data) {
				for k := 0; k < 3 && end > pos && !utf8.RuneStart(data[end]); k++ {
					end-- // do not cut a UTF-8 sequence
				}
			} else {
				end = pos + fullRunes(data[pos:end]) // the chunk's end may cut one
			}
		}
		window := data[pos:end]
		ptr := unsafe.Pointer(unsafe.SliceData(window))
		capacity := uint64(cap(window))
		if capacity < uint64(len(window))+Padding || !inC && (!p.pinned || uintptr(ptr) < p.pinLo || uintptr(ptr)+uintptr(capacity) > p.pinHi) {
			w, err := p.copyPadded(window)
			if err != nil {
				s.err = err
				return pos, false
			}
			window, ptr, capacity = w, p.nat.buf, p.nat.bufCap
		}
		p.bumpGen()
		rc := shim.Batch(p.nat.c, ptr, uint64(len(window)), capacity, mode, last, nil)
		if rc != 0 {
			off := p.res.ErrOff
			if ErrorCode(rc) == ErrUTF8 {
				off = int64(invalidUTF8(window))
			}
			if off >= 0 {
				off += base + int64(pos)
			}
			s.err = &Error{Code: ErrorCode(rc), Offset: off}
			return pos, false
		}
		res := p.res
		if res.Consumed == 0 && !last {
			if atEnd && !final {
				return pos, true // need more input
			}
			// A document larger than the batch: the batch grows to hold
			// it, up to the limit.
			ws := leadingSpace(window)
			if len(window)-ws > s.cfg.maxDoc {
				s.overLimit(data, base, base+int64(pos+ws))
				return pos, false
			}
			batch = min(2*batch, ws+s.cfg.maxDoc+1)
			continue
		}
		// Only a grown batch of a concatenated stream may hold a document
		// longer than the limit (by one byte at most).
		checkLen := mode == 1 && len(window) > s.cfg.maxDoc
		p.adopt(window, base+int64(pos), true)
		docs := unsafe.Slice((*shim.Doc)(res.Docs), res.Ndocs)
		for i := range docs {
			d := docs[i]
			if c := window[d.Off]; d.Err == 0 && c != '{' && c != '[' && notJSON(window[d.Off:]) {
				d.Err, d.ErrOff, d.Off = int32(ErrNotJSON), d.Off, lineStart(window, d.Off)
			}
			if d.Err != 0 {
				if s.badLine(s.lineError(data, base, pos, window, d)) {
					continue
				}
				return pos, false
			}
			if checkLen && docLen(window, &d) > s.cfg.maxDoc {
				s.overLimit(data, base, base+int64(pos)+int64(d.Off))
				return pos, false
			}
			p.bumpGen()
			doc := Document{p.value(d.Tok, d.Off, 1)}
			if s.decode != nil {
				if err := s.decode(doc); err != nil {
					off := base + int64(pos) + int64(lineStart(window, d.Off))
					le := &LineError{Offset: off, Err: err, Line: s.lineOf(data, base, off), File: s.file, file: s.fileIdx}
					if s.badLine(le) {
						continue
					}
					return pos, false
				}
			}
			idx := s.index
			s.index++
			s.yieldGen = p.gen
			s.held = false
			p.exit()
			more := yield(idx, doc)
			p.enterWait()
			s.held = true
			if !more {
				return pos, false
			}
			if p.closed {
				s.err = ErrParserClosed
				return pos, false
			}
			// Any other document of p (a Parse, another stream) bumped its
			// generation; the input's address cannot tell, as a Parse may
			// reuse the batch's copy buffer or the same bytes.
			if p.gen != s.yieldGen {
				s.err = errors.New("simdjson: parser used for another document during a stream")
				return pos, false
			}
		}
		pos += int(res.Consumed)
		batch = s.cfg.batch
	}
	return pos, true
}

// badLine records a bad line: under SkipBadLines (NDJSON) it is kept and
// the stream goes on (true); otherwise it stops the stream.
func (s *Stream) badLine(le *LineError) bool {
	if s.cfg.skip && !s.cfg.concatenated {
		s.bad = append(s.bad, le)
		if s.cfg.onBad != nil {
			s.cfg.onBad(le)
		}
		return true
	}
	s.err = le
	return false
}

// overLimit reports the line (or document) at input offset off of data
// (which starts at offset base), longer than the maximum document size.
// Under SkipBadLines an NDJSON line is a bad line and the stream goes on
// (true); otherwise the stream stops with it.
func (s *Stream) overLimit(data []byte, base, off int64) bool {
	le := &LineError{File: s.file, file: s.fileIdx, Offset: off, Err: &Error{Code: ErrCapacity, Offset: off + int64(s.cfg.maxDoc)}}
	le.Line = s.lineOf(data, base, off)
	return s.badLine(le)
}

// fullRunes returns the length of b without the incomplete UTF-8 sequence
// it may end with.
func fullRunes(b []byte) int {
	for k := 1; k < utf8.UTFMax && k <= len(b); k++ {
		if utf8.RuneStart(b[len(b)-k]) {
			if !utf8.FullRune(b[len(b)-k:]) {
				return len(b) - k
			}
			break
		}
	}
	return len(b)
}

// leadingSpace counts the JSON whitespace at the start of b.
func leadingSpace(b []byte) int {
	i := 0
	for i < len(b) && text.IsSpace(b[i]) {
		i++
	}
	return i
}

// lineError describes bad document d of the batch window (at data[pos:]).
func (s *Stream) lineError(data []byte, base int64, pos int, window []byte, d shim.Doc) *LineError {
	le := badLine(window, base+int64(pos), &d)
	le.Line = s.lineOf(data, base, le.Offset)
	le.File, le.file = s.file, s.fileIdx
	return le
}

// readAll streams a Reader or File input through a chunker, parsing each
// window in place in a C buffer that grows for a line longer than the chunk
// (up to the maximum document size; a longer line is reported and read
// through without being buffered).
//
// It reports whether r ended (io.EOF) with the stream to go on, and returns
// the bytes read from r.
func (s *Stream) readAll(r io.Reader, yield func(int, Document) bool) (ok bool, read int64) {
	c := newChunker(r, &s.cfg)
	var buf unsafe.Pointer
	size := 0
	defer func() {
		if buf != nil {
			shim.Free(buf)
		}
	}()
	for {
		var old unsafe.Pointer // freed once fill has moved the carried bytes out of it
		if size < c.minCap() {
			n := c.want()
			nb := mallocBuf(n)
			if nb == nil {
				s.err = &Error{Code: ErrMemAlloc, Offset: -1}
				return false, c.read
			}
			old, buf, size = buf, nb, n
		}
		w := c.fill(unsafe.Slice((*byte)(buf), size))
		if old != nil {
			shim.Free(old)
		}
		if w.bom {
			s.lineOff = w.base
		}
		if w.skipped {
			if w.nl {
				s.lines++
			}
			s.lineOff = w.base
		}
		eof := w.err == io.EOF
		// On an error, the complete lines read so far are delivered, then
		// the error is reported.
		used, ok := s.process(w.data, w.base, eof, true, yield)
		if !ok || eof {
			return ok && eof, c.read
		}
		s.countLines(w.data[:used], w.base)
		if c.keep(w, used) && !s.overLimit(w.data, w.base, w.base+int64(used)) {
			return false, c.read
		}
		if w.err != nil {
			s.err = w.err
			return false, c.read
		}
	}
}

// countLines keeps line numbers exact across chunks: the lines of each
// chunk's consumed part are counted before the chunk is reused.
func (s *Stream) countLines(consumed []byte, base int64) {
	end := base + int64(len(consumed))
	if s.lineOff < end {
		s.lines += bytes.Count(consumed[s.lineOff-base:], []byte{'\n'})
		s.lineOff = end
	}
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
	r, closeIn, err := openFile(path, s.cfg.gzipOpts(), keep, nil)
	if err != nil {
		s.err = err
		return false
	}
	defer closeIn()
	ok, n := s.readAll(r, yield)
	if s.cfg.fileDone != nil && (ok || s.err != nil) {
		s.cfg.fileDone(path, n, s.err)
	}
	return ok
}

// File returns the file that the stream's current document comes from
// (File and Files inputs; empty for others).
func (s *Stream) File() string { return s.file }
