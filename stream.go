package simdjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Input is where a stream or a parallel map reads its documents: a byte
// slice (Bytes), an io.Reader (Reader) or a file (File).
type Input struct {
	data    []byte
	r       io.Reader
	path    string
	isData  bool
	gzip    bool     // r is gzip (Gzip)
	files   []string // Files
	isFiles bool
}

// Bytes reads documents from b, in place: b must not be modified until the
// stream or map is done. Keep cap(b)-len(b) >= Padding to avoid one copy of
// the last batch.
func Bytes(b []byte) Input { return Input{data: b, isData: true} }

// Reader reads documents from r in chunks (ChunkSize), so memory stays
// bounded by the chunk size or the maximum document size (MaxDocumentSize),
// times the threads of a map, whatever the size of the input. Documents may
// straddle chunk boundaries.
//
// Only io.EOF ends the input cleanly. Any other error of r, io.ErrUnexpectedEOF
// included (what compress/gzip and net/http return for a cut stream), stops
// the stream or map after the complete lines before it and is returned as is.
// A reader that returns no bytes and no error 100 times in a row stops it
// with io.ErrNoProgress, as bufio does.
func Reader(r io.Reader) Input { return Input{r: r} }

// File reads documents from the named file in chunks, as Reader does. A
// gzip file (a name ending in .gz, or gzip's magic bytes) is decompressed as
// Gzip does; bad lines (*LineError) and gzip faults (*GzipError) name the
// file.
func File(path string) Input { return Input{path: path} }

// open returns the reader of a Reader or File input and its closer.
func (in Input) open(c *streamConfig) (io.Reader, func(), error) {
	if in.path != "" {
		return openFile(in.path, c.gzipBuf, nil)
	}
	if in.r == nil {
		return nil, nil, errors.New("simdjson: empty Input (use Bytes, Reader, Gzip, File or Files)")
	}
	if in.gzip {
		g := newGzipReader("", in.r, -1, c.gzipBuf)
		return g, g.close, nil
	}
	return in.r, func() {}, nil
}

// Default sizes of streams and maps.
const (
	DefaultBatchSize       = 256 << 10 // bytes parsed by one stage-1 pass
	DefaultChunkSize       = 4 << 20   // bytes read at once from a Reader; a map's unit of work
	DefaultMaxDocumentSize = 64 << 20  // the longest line (document) of a stream or map
)

// maxDocumentLimit is the largest MaxDocumentSize: simdjson's 4 GiB limit
// (a batch must stay under 2^32 - 64 bytes), less room for a newline.
const maxDocumentLimit = 1<<32 - 128

// StreamOption configures a stream (Parser.Stream) or a parallel map (Map,
// MapFields).
type StreamOption func(*streamConfig)

type streamConfig struct {
	err          error // the first option out of range
	batch        int
	chunk        int
	maxDoc       int
	threads      int
	skip         bool
	onBad        func(*LineError)
	concatenated bool
	gzipBuf      int
	fileDone     func(path string, n int64, err error)
}

func newStreamConfig(opts []StreamOption) streamConfig {
	c := streamConfig{batch: DefaultBatchSize, chunk: DefaultChunkSize}
	for _, o := range opts {
		o(&c)
	}
	switch {
	case c.batch > MaxBatchSize:
		c.setErr(&OptionError{Option: "BatchSize", Value: int64(c.batch), Min: 4096, Max: MaxBatchSize})
	case c.chunk > MaxChunkSize:
		c.setErr(&OptionError{Option: "ChunkSize", Value: int64(c.chunk), Min: 4096, Max: MaxChunkSize})
	case c.threads > MaxThreads:
		c.setErr(&OptionError{Option: "Threads", Value: int64(c.threads), Min: 0, Max: MaxThreads})
	}
	if c.err != nil {
		c.batch, c.chunk = DefaultBatchSize, DefaultChunkSize
	}
	if c.batch < 4096 {
		c.batch = 4096
	}
	if c.maxDoc <= 0 {
		c.maxDoc = DefaultMaxDocumentSize
	} else if int64(c.maxDoc) > maxDocumentLimit {
		c.maxDoc = int(min(int64(math.MaxInt), maxDocumentLimit))
	}
	// A line shorter than a batch is never checked against the limit: only
	// the lines that make a batch grow are.
	if c.batch > c.maxDoc {
		c.batch = c.maxDoc
	}
	if c.chunk < c.batch {
		c.chunk = c.batch
	}
	return c
}

func (c *streamConfig) setErr(err error) {
	if c.err == nil {
		c.err = err
	}
}

// Limits of the stream options (larger values are an *OptionError, which
// the stream or map returns before reading anything).
const (
	MaxBatchSize = 1 << 30
	MaxChunkSize = 1 << 30
	MaxThreads   = 1024
)

// BatchSize sets how many bytes one stage-1 pass covers (default 256 KiB;
// less than 4 KiB is taken as 4 KiB; above MaxBatchSize an *OptionError;
// above MaxDocumentSize lowered to it). A document larger than the batch
// makes that batch grow to hold it, up to MaxDocumentSize. The
// default keeps the input, structural index and jump table of a batch
// (about 3 bytes for each byte of GH Archive events) within a 1 MiB L2
// cache, and each stretch of native code between two calls into Go short;
// larger batches were no faster here, and the Go runtime spent more CPU
// time around the calls.
func BatchSize(n int) StreamOption { return func(c *streamConfig) { c.batch = n } }

// ChunkSize sets how many bytes are read at once from a Reader or File
// input, and the unit of work a map hands to its threads (default 4 MiB,
// at least the batch size). A document larger than a chunk makes its chunk
// grow, up to MaxDocumentSize. Less than the batch size is taken as the
// batch size; above MaxChunkSize an *OptionError.
func ChunkSize(n int) StreamOption { return func(c *streamConfig) { c.chunk = n } }

// MaxDocumentSize sets the longest document a stream or map accepts, in
// bytes (default DefaultMaxDocumentSize, 64 MiB): in NDJSON, the bytes of a
// line, its newline excluded; in a Concatenated stream, the bytes of a
// document. A longer line is a bad line: a *LineError (its line number and
// offset) wrapping an *Error with code ErrCapacity and the offset where the
// line passes the limit. Under SkipBadLines it is skipped, without being
// buffered whole or parsed, and the stream or map goes on at the next line;
// otherwise it stops the stream or map. A longer document stops a
// Concatenated stream with such an error.
//
// The limit bounds memory: a stream or map buffers at most
// max(ChunkSize, n+1) bytes of input per chunk, and a parser grows for at
// most n+1 bytes (see the README's FAQ on memory). n <= 0 selects the default; n
// above simdjson's limit (4 GiB less 128 bytes) is lowered to it. Batches are
// at most n bytes: a BatchSize above n is lowered to n.
func MaxDocumentSize(n int) StreamOption { return func(c *streamConfig) { c.maxDoc = n } }

// Threads sets the number of threads of a map (default, and any n <= 0: all
// CPUs; above MaxThreads an *OptionError).
func Threads(n int) StreamOption { return func(c *streamConfig) { c.threads = n } }

// SkipBadLines makes an NDJSON stream or map skip a line that is not one
// JSON value, and go on at the next line. Each skipped line is reported to
// fn when it is not nil: by a stream as it meets it, by a map after it ends,
// in input order. Stream.BadLines also lists them. Without this option the
// first bad line stops the stream or map with a *LineError.
func SkipBadLines(fn func(*LineError)) StreamOption {
	return func(c *streamConfig) { c.skip, c.onBad = true, fn }
}

// Concatenated makes a stream read whitespace-separated documents, as
// simdjson's iterate_many does, instead of one document per line: documents
// may span lines and share them. An error stops the stream.
func Concatenated() StreamOption { return func(c *streamConfig) { c.concatenated = true } }

// LineError reports a bad line of an NDJSON input (or a bad document of a
// concatenated one): its 1-based line number, the byte offset where it
// starts, and why it is bad (an *Error with the offset of the error).
type LineError struct {
	File   string // the file of a File or Files input, else empty
	Line   int
	Offset int64 // in the file's (uncompressed) bytes for File and Files
	Err    error

	file int // the index of File in a Files input
}

func (e *LineError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("simdjson: %s: line %d (byte %d): %v", e.File, e.Line, e.Offset, e.Err)
	}
	return fmt.Sprintf("simdjson: line %d (byte %d): %v", e.Line, e.Offset, e.Err)
}

// lineBefore orders bad lines: by file (of a Files input), then offset.
func lineBefore(a, b *LineError) bool {
	if a.file != b.file {
		return a.file < b.file
	}
	return a.Offset < b.Offset
}

// Unwrap returns the cause, so errors.Is(err, ErrTape) and the like work.
func (e *LineError) Unwrap() error { return e.Err }

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
				p.input = nil
				p.batch = false
				p.idx, p.jump = nil, nil
				shim.Release(p.nat.c)
				p.unpin()
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
		r, closeIn, err := s.in.open(&s.cfg)
		if err != nil {
			s.err = err
			return
		}
		defer closeIn()
		s.readAll(r, yield)
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
		p.input = window
		p.batch = true
		p.base = base + int64(pos)
		p.idx, p.jump, p.ntok, p.epoch = res.Idx, res.Jump, uint32(res.Ntok), uint32(res.Epoch)
		docs := unsafe.Slice((*shim.Doc)(res.Docs), res.Ndocs)
		for i := range docs {
			d := docs[i]
			if c := window[d.Off]; d.Err == 0 && c != '{' && c != '[' && notJSON(window[d.Off:]) {
				d.Err, d.ErrOff, d.Off = int32(ErrNotJSON), d.Off, lineStart(window, d.Off)
			}
			if d.Err != 0 {
				le := s.lineError(data, base, pos, window, d)
				if s.cfg.skip && mode == 0 {
					s.bad = append(s.bad, le)
					if s.cfg.onBad != nil {
						s.cfg.onBad(le)
					}
					continue
				}
				s.err = le
				return pos, false
			}
			if checkLen && docLen(window, &d) > s.cfg.maxDoc {
				s.overLimit(data, base, base+int64(pos)+int64(d.Off))
				return pos, false
			}
			p.bumpGen()
			doc := Document{p.value(d.Tok, d.Off, 1)}
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

// overLimit reports the line (or document) at input offset off of data
// (which starts at offset base), longer than the maximum document size.
// Under SkipBadLines an NDJSON line is a bad line and the stream goes on
// (true); otherwise the stream stops with it.
func (s *Stream) overLimit(data []byte, base, off int64) bool {
	le := &LineError{File: s.file, file: s.fileIdx, Offset: off, Err: &Error{Code: ErrCapacity, Offset: off + int64(s.cfg.maxDoc)}}
	le.Line = s.lineOf(data, base, off)
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

// docLen is the length of document d of a concatenated batch, without the
// whitespace that follows it.
func docLen(batch []byte, d *shim.Doc) int {
	e := min(int(d.End), len(batch))
	for e > int(d.Off) && text.IsSpace(batch[e-1]) {
		e--
	}
	return e - int(d.Off)
}

// lineError describes bad document d of the batch window (at data[pos:]).
func (s *Stream) lineError(data []byte, base int64, pos int, window []byte, d shim.Doc) *LineError {
	le := badLine(window, base+int64(pos), &d)
	le.Line = s.lineOf(data, base, le.Offset)
	le.File, le.file = s.file, s.fileIdx
	return le
}

// badLine describes bad document d of a batch (batch: its bytes; base:
// their offset in the input), without its line number. Invalid UTF-8 is
// located exactly.
func badLine(batch []byte, base int64, d *shim.Doc) *LineError {
	errOff := int64(d.ErrOff)
	code := ErrorCode(d.Err)
	end := int(d.End)
	if end <= int(d.Off) || end > len(batch) {
		end = len(batch)
	}
	if at, bad := notJSONDoc(batch[:end], int(d.Off)); bad && (code == 0 || notJSONCode(code)) {
		code, errOff = ErrNotJSON, int64(at)
	} else if code == ErrUTF8 && int(d.End) <= len(batch) {
		if i := invalidUTF8(batch[d.Off:d.End]); i >= 0 {
			errOff = int64(d.Off) + int64(i)
		}
	}
	return &LineError{
		Offset: base + int64(d.Off),
		Err:    &Error{Code: code, Offset: base + errOff},
	}
}

// readAll streams a Reader or File input through a chunk buffer in C
// memory, carrying an incomplete last line (or document) over to the next
// chunk. The buffer grows for a line longer than the chunk, up to the
// maximum document size; a longer line is reported and read through without
// being buffered.
//
// It reports whether r ended (io.EOF) with the stream to go on.
func (s *Stream) readAll(r io.Reader, yield func(int, Document) bool) bool {
	size := s.cfg.chunk
	buf := mallocBuf(size + Padding)
	if buf == nil {
		s.err = &Error{Code: ErrMemAlloc, Offset: -1}
		return false
	}
	defer func() { shim.Free(buf) }()
	have := 0        // bytes in buf
	base := int64(0) // input offset of buf[0]
	bom := true
	var rerr error // the reader's error once it returned one (io.EOF: its end)
	for {
		b := unsafe.Slice((*byte)(buf), size+Padding)
		if rerr == nil {
			var n int
			n, rerr = readFull(r, b[have:size])
			have += n
		}
		data := b[: have : size+Padding]
		if bom {
			bom = false
			if text.HasBOM(data) {
				data = text.DropBOM(data)
				have -= 3
				base = 3
				s.lineOff = 3
			}
		}
		eof := rerr == io.EOF
		// On an error, the complete lines read so far are delivered, then
		// the error is reported.
		used, ok := s.process(data, base, eof, true, yield)
		if !ok || eof {
			return ok && eof
		}
		s.countLines(data[:used], base)
		if rest := have - used; rest > s.cfg.maxDoc {
			// The unfinished line (or document) at used is already longer
			// than the limit: it is not buffered further.
			off := base + int64(used)
			if !s.overLimit(data, base, off) {
				return false
			}
			if rerr != nil {
				s.err = rerr
				return false
			}
			var skipped int64
			var nl bool
			have, skipped, nl, rerr = skipLine(r, b[:size])
			base = off + int64(rest) + skipped
			if nl {
				s.lines++
			}
			s.lineOff = base
			continue
		}
		if rerr != nil {
			s.err = rerr
			return false
		}
		if used == 0 && have == size {
			// One line (or document) fills the whole chunk: grow it, up to
			// the limit (size <= maxDoc here, or the line would be over it).
			ns := min(2*size, s.cfg.maxDoc+1)
			nb := mallocBuf(ns + Padding)
			if nb == nil {
				s.err = &Error{Code: ErrMemAlloc, Offset: -1}
				return false
			}
			copy(unsafe.Slice((*byte)(nb), ns+Padding), data)
			shim.Free(buf)
			buf, size = nb, ns
			continue
		}
		copy(b, data[used:have])
		have -= used
		base += int64(used)
	}
}

// maxEmptyReads is how many reads in a row may return neither bytes nor an
// error before a stream or map stops with io.ErrNoProgress (bufio's figure).
const maxEmptyReads = shim.MaxEmptyReads

var errReadCount = errors.New("simdjson: reader returned an invalid byte count")

// readFull reads r into b until b is full (nil error) or r returns an error:
// io.EOF at its clean end, any other error (io.ErrUnexpectedEOF included) as
// returned, io.ErrNoProgress after maxEmptyReads empty reads in a row, or
// errReadCount for a count outside [0, len].
func readFull(r io.Reader, b []byte) (int, error) {
	n, empty := 0, 0
	for n < len(b) {
		k, err := r.Read(b[n:])
		if k < 0 || k > len(b)-n {
			return n, errReadCount
		}
		n += k
		if err != nil {
			return n, err
		}
		if k > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyReads {
			return n, io.ErrNoProgress
		}
	}
	return n, nil
}

// skipLine reads r through its next newline, with b as scratch space: the
// have bytes read after the newline are left at the start of b; skipped
// counts the bytes up to and including it; nl tells whether there was one
// (otherwise r ended or failed: err).
func skipLine(r io.Reader, b []byte) (have int, skipped int64, nl bool, err error) {
	for {
		n, err := readFull(r, b)
		if i := bytes.IndexByte(b[:n], '\n'); i >= 0 {
			return copy(b, b[i+1:n]), skipped + int64(i) + 1, true, err
		}
		skipped += int64(n)
		if err != nil {
			return 0, skipped, false, err
		}
	}
}

// testMalloc, when a test sets it, is told the size of each input buffer a
// stream or map allocates.
var testMalloc atomic.Pointer[func(n int)]

// mallocBuf allocates an input buffer of n bytes in C memory.
func mallocBuf(n int) unsafe.Pointer {
	if f := testMalloc.Load(); f != nil {
		(*f)(n)
	}
	return shim.Malloc(uint64(n))
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

// lineStart steps back from byte off of b over the spaces, tabs and
// carriage returns before it: the start of the line of a document whose
// first byte is at off.
func lineStart(b []byte, off uint32) uint32 {
	for off > 0 && (b[off-1] == ' ' || b[off-1] == '\t' || b[off-1] == '\r') {
		off--
	}
	return off
}
