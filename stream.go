package simdjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Input is where a stream or a parallel map reads its documents: a byte
// slice (Bytes), an io.Reader (Reader) or a file (File).
type Input struct {
	data   []byte
	r      io.Reader
	path   string
	isData bool
}

// Bytes reads documents from b, in place: b must not be modified until the
// stream or map is done. Keep cap(b)-len(b) >= Padding to avoid one copy of
// the last batch.
func Bytes(b []byte) Input { return Input{data: b, isData: true} }

// Reader reads documents from r in chunks (ChunkSize), so memory stays
// bounded by the chunk size (times the threads of a map) whatever the size of
// the input. Documents may straddle chunk boundaries.
func Reader(r io.Reader) Input { return Input{r: r} }

// File reads documents from the named file in chunks, as Reader does.
func File(path string) Input { return Input{path: path} }

// open returns the reader of a Reader or File input and its closer.
func (in Input) open() (io.Reader, func(), error) {
	if in.path != "" {
		f, err := os.Open(in.path)
		if err != nil {
			return nil, nil, err
		}
		return f, func() { f.Close() }, nil
	}
	if in.r == nil {
		return nil, nil, errors.New("simdjson: empty Input (use Bytes, Reader or File)")
	}
	return in.r, func() {}, nil
}

// Default sizes of streams and maps.
const (
	DefaultBatchSize = 256 << 10 // bytes parsed by one stage-1 pass
	DefaultChunkSize = 4 << 20   // bytes read at once from a Reader; a map's unit of work
)

// StreamOption configures a stream (Parser.Stream) or a parallel map (Map,
// MapFields).
type StreamOption func(*streamConfig)

type streamConfig struct {
	err          error // the first option out of range
	batch        int
	chunk        int
	threads      int
	skip         bool
	onBad        func(*LineError)
	concatenated bool
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
// less than 4 KiB is taken as 4 KiB; at most MaxBatchSize). A
// document larger than the batch makes that batch grow to hold it. The
// default keeps the input, structural index and jump table of a batch
// (about 3 bytes for each byte of GH Archive events) within a 1 MiB L2
// cache, and each stretch of native code between two calls into Go short;
// larger batches were no faster here, and the Go runtime spent more CPU
// time around the calls.
func BatchSize(n int) StreamOption { return func(c *streamConfig) { c.batch = n } }

// ChunkSize sets how many bytes are read at once from a Reader or File
// input, and the unit of work a map hands to its threads (default 4 MiB,
// at least the batch size). A document larger than a chunk makes its chunk
// grow. Less than the batch size is taken as the batch size; at most
// MaxChunkSize.
func ChunkSize(n int) StreamOption { return func(c *streamConfig) { c.chunk = n } }

// Threads sets the number of threads of a map (default, and any n <= 0: all
// CPUs; at most MaxThreads).
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
	Line   int
	Offset int64
	Err    error
}

func (e *LineError) Error() string {
	return fmt.Sprintf("simdjson: line %d (byte %d): %v", e.Line, e.Offset, e.Err)
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

	index int
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
				p.gen++
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
			if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
				data, base = data[3:], 3
				s.lineOff = 3
			}
			if len(data) > 0 {
				p.pin(unsafe.Pointer(unsafe.SliceData(data)), uint64(cap(data)))
			}
			s.process(data, base, true, false, yield)
			return
		}
		s.readAll(yield)
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
		last := false
		if end >= len(data) {
			end, last = len(data), final
		}
		if !last {
			if mode == 0 {
				if i := bytes.LastIndexByte(data[pos:end], '\n'); i >= 0 {
					end = pos + i + 1
				} else if i := bytes.IndexByte(data[end:], '\n'); i >= 0 {
					end += i + 1 // a line longer than the batch
				} else if final {
					end, last = len(data), true
				} else {
					return pos, true // need more input
				}
			} else {
				for k := 0; k < 3 && end > pos && !utf8.RuneStart(data[end]); k++ {
					end-- // do not cut a UTF-8 sequence
				}
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
		p.gen++
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
			if end == len(data) && !final {
				return pos, true // need more input
			}
			batch *= 2 // a document larger than the batch
			continue
		}
		p.input = window
		p.batch = true
		p.base = base + int64(pos)
		p.idx, p.jump, p.ntok, p.epoch = res.Idx, res.Jump, uint32(res.Ntok), uint32(res.Epoch)
		docs := unsafe.Slice((*shim.Doc)(res.Docs), res.Ndocs)
		for i := range docs {
			d := docs[i]
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
			p.gen++
			doc := Document{p.value(d.Tok, d.Off, 1)}
			idx := s.index
			s.index++
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
			if p.input == nil || unsafe.SliceData(p.input) != unsafe.SliceData(window) {
				s.err = errors.New("simdjson: parser used for another document during a stream")
				return pos, false
			}
		}
		pos += int(res.Consumed)
		batch = s.cfg.batch
	}
	return pos, true
}

// lineError describes bad document d of the batch window (at data[pos:]).
func (s *Stream) lineError(data []byte, base int64, pos int, window []byte, d shim.Doc) *LineError {
	le := badLine(window, base+int64(pos), &d)
	le.Line = s.lineOf(data, base, le.Offset)
	return le
}

// badLine describes bad document d of a batch (batch: its bytes; base:
// their offset in the input), without its line number. Invalid UTF-8 is
// located exactly.
func badLine(batch []byte, base int64, d *shim.Doc) *LineError {
	errOff := int64(d.ErrOff)
	if ErrorCode(d.Err) == ErrUTF8 && int(d.End) <= len(batch) {
		if i := invalidUTF8(batch[d.Off:d.End]); i >= 0 {
			errOff = int64(d.Off) + int64(i)
		}
	}
	return &LineError{
		Offset: base + int64(d.Off),
		Err:    &Error{Code: ErrorCode(d.Err), Offset: base + errOff},
	}
}

// readAll streams a Reader or File input through a chunk buffer in C
// memory, carrying an incomplete last line (or document) over to the next
// chunk.
func (s *Stream) readAll(yield func(int, Document) bool) {
	r, closeIn, err := s.in.open()
	if err != nil {
		s.err = err
		return
	}
	defer closeIn()
	size := s.cfg.chunk
	buf := shim.Malloc(uint64(size + Padding))
	if buf == nil {
		s.err = &Error{Code: ErrMemAlloc, Offset: -1}
		return
	}
	defer func() { shim.Free(buf) }()
	have := 0        // bytes in buf
	base := int64(0) // input offset of buf[0]
	bom := true
	for {
		b := unsafe.Slice((*byte)(buf), size+Padding)
		n, rerr := io.ReadFull(r, b[have:size])
		have += n
		eof := rerr == io.EOF || rerr == io.ErrUnexpectedEOF
		if rerr != nil && !eof {
			// Deliver the complete lines read so far, then report.
			s.process(b[:have:size+Padding], base, false, true, yield)
			if s.err == nil {
				s.err = rerr
			}
			return
		}
		data := b[: have : size+Padding]
		if bom && len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
			copy(data, data[3:])
			have -= 3
			data = data[:have]
			base = 3
			s.lineOff = 3
		}
		bom = false
		used, ok := s.process(data, base, eof, true, yield)
		if !ok || eof {
			return
		}
		if used == 0 && have == size {
			// One line (or document) fills the whole chunk: grow it.
			nb := shim.Malloc(uint64(2*size + Padding))
			if nb == nil {
				s.err = &Error{Code: ErrMemAlloc, Offset: -1}
				return
			}
			copy(unsafe.Slice((*byte)(nb), 2*size+Padding), data)
			shim.Free(buf)
			buf, size = nb, 2*size
			continue
		}
		s.countLines(data[:used], base)
		copy(b, data[used:have])
		have -= used
		base += int64(used)
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
