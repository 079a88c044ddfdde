package simdjson

import (
	"bytes"
	"cmp"
	"errors"
	"io"
	"math"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// The parallel map: Map and MapFields run a function over every line of an
// input on native worker threads (internal/shim's map.go and map.h), which
// parse a batch at a time and call back into Go once per batch (Batch).
// For a Reader or files, producer goroutines cut the input into chunks
// (chunk.go's chunker) that the workers take from a ring of buffers
// (NextChunk). Parsers of finished maps are pooled.

// Map runs fn over every document of an NDJSON input on a pool of native
// threads (Threads, default all CPUs). Each thread owns a parser and its own
// state, made by newState(worker); fn gets the state of the thread that
// parsed the document, so it needs no locks as long as it only touches that
// state. Map returns the states (one per worker, in worker order) for the
// caller to merge.
//
// The input is cut at newlines into chunks (ChunkSize) that the threads take
// in turn; each thread parses its chunk in batches (BatchSize) and calls Go
// once per batch, where fn runs for each document of the batch with a lazy
// Document. A Document is valid only during its call of fn. Use a pointer or
// map type for S so that fn's updates stick.
//
// An error returned by fn stops every worker promptly and is returned as a
// *FuncError naming the file and line of the document fn was called with
// (errors.Is and errors.As see fn's error through it), except under
// SkipBadLines an error that wraps ErrBadLine: that document is skipped as
// a bad line and reported with the others (see ErrBadLine); a panic in fn
// (reported as *PanicError) stops them too. A bad line stops the map with a
// *LineError naming the first bad line in input order, unless SkipBadLines
// is given; other workers may have processed some documents after that line
// by the time they stop. Over Files, whose files are read side by side, a
// bad line found in one file lets the workers finish the files before it
// (which may hold an earlier bad line), not the files after it. Under SkipBadLines, the skipped lines are reported
// to its function after the map, in input order, from the calling goroutine.
// With a Reader or File input, a read error stops the map after the
// documents before it; the error is returned (see Reader). A panic in the
// reader is returned as a *PanicError, a runtime.Goexit in it as an error
// wrapping ErrGoexit. Reads run on a goroutine of their own: when the map
// stops early (an error of fn, a bad line; for a bad line of Files, a
// Read of a file after it) while a Read is blocked, Map returns without
// waiting for it; that Read finishes in the background, and
// the input is read no further (a File is closed then). Otherwise Map
// returns only once every goroutine it started has ended, FileDone calls
// included.
//
// Several maps may run at once, from different goroutines.
func Map[S any](in Input, newState func(worker int) S, fn func(state S, doc Document) error, opts ...StreamOption) ([]S, error) {
	if fn == nil || newState == nil {
		return nil, errors.New("simdjson: Map needs newState and fn")
	}
	m := &mapper[S]{fnDoc: fn}
	return m.run(in, newState, nil, opts)
}

// MapFields is Map in projection mode: the native threads extract the
// values of proj's JSON pointers from each document of a batch into flat
// memory, in the same pass that splits the batch, and fn reads them from a
// Row: no cgo call per document or value.
func MapFields[S any](in Input, proj *Projection, newState func(worker int) S, fn func(state S, row Row) error, opts ...StreamOption) ([]S, error) {
	if fn == nil || newState == nil || proj == nil {
		return nil, errors.New("simdjson: MapFields needs a projection, newState and fn")
	}
	c, ok := proj.acquire()
	if !ok {
		return nil, errors.New("simdjson: projection is closed")
	}
	defer proj.release()
	m := &mapper[S]{fnRow: fn, proj: proj}
	return m.run(in, newState, c, opts)
}

// MapDecode is Map with each document decoded into a T, as Value.Decode
// does (encoding/json's Unmarshal semantics, only the fields T declares
// read), on the worker threads: fn gets the state of its worker and the
// worker's *T, which is reused from line to line, set to T's zero value
// before each, so that it holds what json.Unmarshal of the line into a new
// T would. The *T is valid during fn's call only; copy what must be kept
// (its strings, slices and maps are the line's own and may be kept).
//
// A line that does not decode into a T is a bad line, as a line that is
// not JSON is: a *LineError with its line, file and the decoder's error
// (a *json.UnmarshalTypeError, say) stops the map, unless SkipBadLines is
// given.
func MapDecode[T, S any](in Input, newState func(worker int) S, fn func(state S, v *T) error, opts ...StreamOption) ([]S, error) {
	if fn == nil || newState == nil {
		return nil, errors.New("simdjson: MapDecode needs newState and fn")
	}
	pl := planFor(reflect.TypeFor[T]())
	m := &mapper[*decodeState[T, S]]{fnDec: func(ds *decodeState[T, S], doc Document) (error, error) {
		var zero T
		*ds.v = zero
		if err := doc.decodeInto(ds.x, ds.rv, pl); err != nil {
			return err, nil
		}
		return nil, fn(ds.s, ds.v)
	}}
	states, err := m.run(in, func(w int) *decodeState[T, S] {
		v := new(T)
		return &decodeState[T, S]{s: newState(w), v: v, x: v, rv: reflect.ValueOf(v).Elem()}
	}, nil, opts)
	if states == nil {
		return nil, err
	}
	out := make([]S, len(states))
	for i, ds := range states {
		out[i] = ds.s
	}
	return out, err
}

// decodeState is a MapDecode worker's: the caller's state and the T it
// decodes each line into.
type decodeState[T, S any] struct {
	s  S
	v  *T
	x  any           // v
	rv reflect.Value // *v
}

type mapper[S any] struct {
	cfg     streamConfig
	fnDoc   func(S, Document) error
	fnRow   func(S, Row) error
	fnDec   func(S, Document) (bad, err error) // MapDecode's: decode (bad: the line's error), then fn
	proj    *Projection
	parsers []*Parser
	states  []S
	workers []mapWorker

	stop    atomic.Bool
	mu      sync.Mutex
	err     error      // error from fn or a panic
	readErr error      // the reader's error: reported after the chunks before it
	bad     *LineError // first bad line (stop policy)
	// badFile is bad's file (its index in a Files input; 0 for a single
	// input), or math.MaxInt64 when there is no bad line: the producers read
	// no chunk of that file or a later one once it is set.
	badFile  atomic.Int64
	finished bool // the workers are done: the producers report no more
	// Producer goroutines: live have not ended; active of those are not
	// inside a Read of their input's source (sourceReader). Map waits
	// (endInput, on cond) until no producer is active: a Read may block
	// forever, anything else of theirs ends once the map is done.
	live, active int
	cond         sync.Cond
	slotsCounted bool // testMapSlots was called

	// Reader input.
	data     []byte // []byte input
	isData   bool
	skip     uint64 // bytes skipped at the start of a []byte input (a byte order mark)
	ready    chan mapChunk
	free     chan int
	done     chan struct{}
	halt     chan struct{} // closed when the workers must take no more chunks
	haltOnce sync.Once
	bufs     []unsafe.Pointer // owned by the producer while it runs
	caps     []int
	names    []string // the files of a File or Files input, by index
	fileErrs []error  // the read errors of a Files input, by file
	// A Files input's producers run side by side, so a chunk of an earlier
	// file may still be unread or queued when a worker finds a bad line:
	// the workers then go on with the chunks of earlier files, the only
	// ones that can hold an earlier bad line, until every earlier file is
	// sent (sent) and none of its chunks is queued (queued). progress is
	// closed, and replaced, when a file is sent. All under mu.
	queued   []int
	sent     []bool
	progress chan struct{}
}

type mapWorker struct {
	yielded time.Time // when the worker's goroutine last yielded (Batch)
	bad     []*LineError
	chunk   mapChunk // the chunk the worker holds (reader input)
	held    bool
}

type mapChunk struct {
	slot     int
	file     int // index in names
	n        int
	base     int64
	lineBase int        // newlines before the chunk
	bad      *LineError // not a chunk: a line longer than the limit (slot -1)
}

func (m *mapper[S]) run(in Input, newState func(int) S, proj unsafe.Pointer, opts []StreamOption) ([]S, error) {
	m.cfg = newStreamConfig(opts)
	if m.cfg.err != nil {
		return nil, m.cfg.err
	}
	if m.cfg.concatenated {
		return nil, errors.New("simdjson: Map reads NDJSON: Concatenated is not supported")
	}
	if in.isFiles {
		if err := checkFiles(in.files); err != nil {
			return nil, err
		}
	}
	if !shim.Available {
		return nil, ErrNoCGO
	}
	n := m.cfg.threads
	if n <= 0 {
		n = runtime.NumCPU()
	}
	m.parsers = make([]*Parser, n)
	m.states = make([]S, n)
	m.workers = make([]mapWorker, n)
	start := time.Now() // a worker's first yield comes yieldEvery after it
	for i := range m.workers {
		m.workers[i].yielded = start
	}
	natives := make([]unsafe.Pointer, n)
	defer func() {
		for _, p := range m.parsers {
			if p != nil {
				putMapParser(p)
			}
		}
	}()
	for i := range n {
		p, err := getMapParser()
		if err != nil {
			return nil, err
		}
		m.parsers[i] = p
		natives[i] = p.nat.c
		m.states[i] = newState(i)
	}
	c := &shim.MapConfig{
		Chunk:   uint64(m.cfg.chunk),
		Batch:   uint64(m.cfg.batch),
		MaxDoc:  uint64(m.cfg.maxDoc),
		Parsers: natives,
		Proj:    proj,
		Handler: m,
	}
	m.badFile.Store(math.MaxInt64)
	var rc int
	if in.isData {
		m.data, m.isData = in.data, true
		data := in.data
		if text.HasBOM(data) { // skipped, as streams skip it
			data, m.skip = data[3:], 3
		}
		if len(data) > 0 {
			var pin runtime.Pinner
			pin.Pin(unsafe.SliceData(data))
			defer pin.Unpin() // also when fn's goroutine exits (runtime.Goexit)
			c.Buf = unsafe.Pointer(unsafe.SliceData(data))
			c.Len, c.Cap = uint64(len(data)), uint64(cap(data))
			rc = shim.RunMap(c)
		}
	} else if in.isFiles {
		m.names = in.files
		c.Reader = true
		rc = m.runFiles(c, in.files)
	} else {
		if in.path != "" {
			m.names = []string{in.path}
		}
		r, closeIn, err := in.open(&m.cfg, m.source)
		if err != nil {
			return nil, err
		}
		c.Reader = true
		rc = m.runReader(c, r, closeIn)
	}
	runtime.KeepAlive(m)
	var bad []*LineError
	for i := range m.workers {
		bad = append(bad, m.workers[i].bad...)
	}
	slices.SortFunc(bad, func(a, b *LineError) int {
		if a.file != b.file {
			return cmp.Compare(a.file, b.file)
		}
		return cmp.Compare(a.Offset, b.Offset)
	})
	if m.isData {
		m.numberLines(bad)
	}
	if m.cfg.onBad != nil {
		for _, le := range bad {
			m.cfg.onBad(le)
		}
	}
	if rc != 0 {
		return m.states, &Error{Code: ErrorCode(rc), Offset: -1}
	}
	if m.err != nil {
		if fe, ok := m.err.(*FuncError); ok && m.isData {
			fe.Line = bytes.Count(m.data[:fe.Offset], []byte{'\n'}) + 1
		}
		return m.states, m.err
	}
	if m.bad != nil { // before any read error, which comes after it
		if m.isData {
			m.numberLines([]*LineError{m.bad})
		}
		return m.states, m.bad
	}
	if m.readErr != nil {
		return m.states, m.readErr
	}
	return m.states, nil
}

// numberLines fills in the line numbers of bad lines of a []byte input
// (sorted by offset) in one pass.
func (m *mapper[S]) numberLines(bad []*LineError) {
	lines, at := 0, int64(0)
	for _, le := range bad {
		if le.Offset < at {
			lines, at = 0, 0
		}
		lines += bytes.Count(m.data[at:le.Offset], []byte{'\n'})
		at = le.Offset
		le.Line = lines + 1
	}
}

// Parsers of finished maps are kept for the next ones, up to the number of
// CPUs (the threads of one default map): a parser's memory (about 8 bytes
// per byte of batch) is then allocated and faulted in once, not once per
// map, and the C allocator is not churned. Parsers beyond that are freed,
// and so are parsers that a long line grew past maxPooledMapCapacity.
var mapParsers struct {
	mu   sync.Mutex
	free []*Parser
}

// getMapParser returns a parser that the map's worker holds (Parser.enter)
// until putMapParser.
func getMapParser() (*Parser, error) {
	mapParsers.mu.Lock()
	if n := len(mapParsers.free); n > 0 {
		p := mapParsers.free[n-1]
		mapParsers.free = mapParsers.free[:n-1]
		mapParsers.mu.Unlock()
		p.enterWait() // a Document kept from an earlier map may be in a call
		return p, nil
	}
	mapParsers.mu.Unlock()
	p := NewParser()
	if err := p.init(); err != nil {
		return nil, err
	}
	p.enterWait()
	return p, nil
}

// maxPooledMapCapacity is the largest capacity (and copy buffer) of a parser
// the pool keeps. A map's parser grows to its largest batch: BatchSize at
// most, which is at most ChunkSize (4 MiB by default), unless a line longer
// than the batch made it grow further. A parser within the default chunk
// size is kept, so any batch size a default map can have is pooled; one
// that a longer line grew is freed, so a long line does not pin its memory
// (up to about 16 bytes per byte of capacity for dense input) for the life
// of the process: the pool holds at most NumCPU x ~64 MiB. Unmarshal's DOM
// parsers are pooled up to the same 4 MiB.
const maxPooledMapCapacity = DefaultChunkSize

// testPutMapParser, when a test sets it, sees each parser a map gives back,
// with whether the pool keeps it.
var testPutMapParser func(p *Parser, pooled bool)

func putMapParser(p *Parser) {
	p.bumpGen()
	p.release()
	keep := shim.Capacity(p.nat.c) <= maxPooledMapCapacity && p.nat.bufCap <= maxPooledMapCapacity+Padding
	p.exit()
	if testPutMapParser != nil {
		testPutMapParser(p, keep)
	}
	if !keep {
		p.Close()
		return
	}
	mapParsers.mu.Lock()
	if len(mapParsers.free) < runtime.NumCPU() {
		mapParsers.free = append(mapParsers.free, p)
		p = nil
	}
	mapParsers.mu.Unlock()
	if p != nil {
		p.Close()
	}
}

func (m *mapper[S]) fail(err error) {
	m.mu.Lock()
	if m.err == nil {
		m.err = err
	}
	m.mu.Unlock()
	m.stop.Store(true)
	m.haltWorkers()
}

// haltWorkers wakes the workers waiting for a chunk (reader input) and
// makes them take no more.
func (m *mapper[S]) haltWorkers() {
	if m.halt != nil {
		m.haltOnce.Do(func() { close(m.halt) })
	}
}

// producerFail is fail for the producer goroutine, which may outlive the
// map: once the workers are done, it reports nothing.
func (m *mapper[S]) producerFail(err error, read bool) {
	m.mu.Lock()
	if !m.finished {
		if read && m.readErr == nil {
			m.readErr = err
		} else if !read && m.err == nil {
			m.err = err
		}
	}
	m.mu.Unlock()
	if !read {
		m.stop.Store(true)
		m.haltWorkers()
	}
}

// Batch implements shim.MapHandler: it runs on worker w's goroutine, called
// back from its native code, while the worker holds its parser.
func (m *mapper[S]) Batch(w int, base uint64, buf unsafe.Pointer, n uint64) (ret int) {
	p := m.parsers[w]
	held, done := true, false
	defer func() {
		if done {
			return
		}
		// Stop the other workers before the error is made (its stack
		// is taken here): they start no document meanwhile.
		m.stop.Store(true)
		if r := recover(); r != nil {
			m.fail(&PanicError{Value: r, Stack: debug.Stack()})
		} else { // runtime.Goexit: this goroutine ends after the defers
			m.fail(ErrGoexit)
			shim.Abandon()
		}
		if !held {
			p.enterWait()
		}
		ret = 1
	}()
	if m.stop.Load() {
		done = true
		return 1
	}
	base += m.skip
	res := p.res
	p.adopt(unsafe.Slice((*byte)(buf), n), int64(base), true)
	docs := unsafe.Slice((*shim.Doc)(res.Docs), res.Ndocs)
	var fields []shim.Field
	nf := 0
	if m.proj != nil {
		nf = len(m.proj.pointers)
		fields = unsafe.Slice((*shim.Field)(res.Fields), int(res.Ndocs)*nf)
	}
	st := m.states[w]
	wk := &m.workers[w]
	for i := range docs {
		d := &docs[i]
		if c := p.input[d.Off]; d.Err == 0 && c != '{' && c != '[' && notJSON(p.input[d.Off:]) {
			d.Err, d.ErrOff, d.Off = int32(ErrNotJSON), d.Off, lineStart(p.input, d.Off)
		}
		if d.Err != 0 {
			if m.badLine(w, m.lineError(w, p, base, d)) {
				continue
			}
			done = true
			return m.badStop()
		}
		if m.stop.Load() {
			done = true
			return 1
		}
		var err error
		p.bumpGen() // each document has a generation of its own
		if m.fnDec != nil {
			// The worker keeps the parser: fn gets a *T, not a handle.
			doc := Document{p.value(d.Tok, d.Off, 1)}
			var bad error
			if bad, err = m.fnDec(st, doc); bad != nil {
				le := &LineError{Offset: int64(base) + int64(lineStart(p.input, d.Off)), Err: bad}
				m.numberLine(w, le)
				if m.badLine(w, le) {
					continue
				}
				done = true
				return m.badStop()
			}
		} else if m.fnDoc != nil {
			// fn's calls on the Document take the parser: give it up
			// meanwhile (and wait for a call of another goroutine, on a
			// kept Document, to end before the next document).
			doc := Document{p.value(d.Tok, d.Off, 1)}
			held = false
			p.exit()
			err = m.fnDoc(st, doc)
			p.enterWait()
			held = true
		} else {
			// The worker keeps the parser: a Row's accessors check its
			// generation instead (Row.live, Row.still).
			err = m.fnRow(st, Row{p: p, gen: p.gen, f: fields[i*nf : (i+1)*nf : (i+1)*nf], off: int64(base) + int64(d.Off)})
		}
		if err != nil && m.cfg.skip && isBadLine(err) {
			le := &LineError{Offset: int64(base) + int64(lineStart(p.input, d.Off)), Err: err}
			m.numberLine(w, le)
			m.badLine(w, le)
			continue
		}
		if err != nil {
			m.stop.Store(true)
			m.fail(m.funcError(w, int64(base)+int64(d.Off), err))
			done = true
			return 1
		}
	}
	p.bumpGen()
	if now := time.Now(); now.Sub(wk.yielded) >= yieldEvery {
		wk.yielded = now
		runtime.Gosched()
	}
	done = true
	return 0
}

// isBadLine reports whether fn's error err wraps ErrBadLine. A panic in
// one of err's Unwrap or Is methods (a typed nil pointer, say) makes it no
// bad line: the error is then reported as a *FuncError, as under the stop
// policy, not as a panic of fn.
func isBadLine(err error) (bad bool) {
	defer func() {
		if recover() != nil {
			bad = false
		}
	}()
	return errors.Is(err, ErrBadLine)
}

// yieldEvery is how often a worker's goroutine yields (runtime.Gosched)
// between two batches. The goroutine that runs a native thread's calls into
// Go is never rescheduled otherwise, and it spends most of its time in C,
// which the runtime counts as a system call. Once sysmon has seen a P run
// the same goroutine for 10 ms, it takes that P away at each look that finds
// the goroutine in C: the P goes to another thread and back, and sysmon is
// set back to waking every 20 µs. On one thread that kept sysmon busy for
// 4-6 % of a core (a driver's map over 256 MB, perf), time a second worker
// thread must then share its core with. A yield (the P handed to another
// thread and back, tens of microseconds) at most every 8 ms keeps every
// worker's goroutine under the limit: sysmon's share fell to 0.6 %. In the
// seed benchmark (16 alternating rounds on 256 MB, medians), two threads
// against one went from 1.86 to 1.95 for MapFields and stayed at 1.85 for
// Map, one thread moved by less than 1 %; five invocations over 1 GB then
// gave 1.99 and 2.00. A map shorter than yieldEvery never yields.
const yieldEvery = 8 * time.Millisecond

// badStop is Batch's result after a bad line under the stop policy: 2
// (the workers skip every chunk and batch past its offset), or 3 for a
// Files input, whose offsets are each file's own: an earlier file's chunks
// past that offset may hold the first bad line.
func (m *mapper[S]) badStop() int {
	if m.queued != nil {
		return 3
	}
	return 2
}

// badLine records a bad line: true when the map goes on (SkipBadLines),
// false when it stops with the first bad line in input order.
func (m *mapper[S]) badLine(w int, le *LineError) bool {
	if m.cfg.skip {
		m.workers[w].bad = append(m.workers[w].bad, le)
		return true
	}
	m.setBad(le)
	return false
}

// funcError wraps fn's error with the file and line of its document, whose
// first byte is at off (a []byte input's line is counted in run, once the
// map is done).
func (m *mapper[S]) funcError(w int, off int64, err error) *FuncError {
	le := &LineError{Offset: off}
	m.numberLine(w, le)
	return &FuncError{File: le.File, Line: le.Line, Offset: off, Err: err}
}

func (m *mapper[S]) lineError(w int, p *Parser, base uint64, d *shim.Doc) *LineError {
	le := badLine(p.input, int64(base), d)
	m.numberLine(w, le)
	return le
}

// numberLine sets the line and file of a bad line of a reader's or a
// file's input (those of a []byte input are counted after the map).
func (m *mapper[S]) numberLine(w int, le *LineError) {
	if !m.isData { // reader input: count lines in the held chunk now
		wk := &m.workers[w]
		ch := wk.chunk
		b := unsafe.Slice((*byte)(m.bufs[ch.slot]), ch.n)
		le.Line = ch.lineBase + bytes.Count(b[:le.Offset-ch.base], []byte{'\n'}) + 1
		le.file = ch.file
		if ch.file < len(m.names) {
			le.File = m.names[ch.file]
		}
	}
}

// runReader feeds the workers chunks of whole lines read from r into C
// buffers (threads + 2 of them, so memory stays bounded), on a producer
// goroutine, which closes the input when it ends.
func (m *mapper[S]) runReader(c *shim.MapConfig, r io.Reader, closeIn func()) int {
	return m.runProducers(c, len(m.parsers)+2, 1, func() {
		defer closeIn()
		m.produce(r, 0)
	})
}

// runProducers runs the map with k producer goroutines, each running body,
// which cuts the input into chunks for the workers (nbuf buffers in all).
// The map returns once the workers are done and every producer has ended
// or is inside a Read of its input's source (see sourceReader), which may
// never return: the buffers are freed by whichever of the map and its
// producers ends last, never under a Read that may still write into them.
func (m *mapper[S]) runProducers(c *shim.MapConfig, nbuf, k int, body func()) int {
	release := m.startChunks(nbuf, k)
	for range k {
		go func() {
			defer release()
			defer m.producerExit()
			returned := false
			defer m.producerRecover(&returned)
			body()
			returned = true
		}()
	}
	defer m.endInput(release) // also when fn's goroutine exits (runtime.Goexit)
	return shim.RunMap(c)
}

// producerExit, deferred by a producer goroutine, counts it out; the last
// one ends the chunks.
func (m *mapper[S]) producerExit() {
	m.mu.Lock()
	m.live--
	m.active--
	if m.live == 0 {
		close(m.ready)
		if m.finished && testMapSlots != nil {
			m.countSlots() // the last producer ended after Map returned
		}
	}
	m.cond.Broadcast()
	m.mu.Unlock()
}

// sourceReader wraps the source of a map's input (its Reader, or a file
// under its decompression): while a Read of it runs, its producer does not
// hold Map back (the Read may block forever).
type sourceReader struct {
	r    io.Reader
	gate interface {
		leave()
		enter()
	}
}

func (s *sourceReader) Read(p []byte) (int, error) {
	s.gate.leave()
	defer s.gate.enter()
	return s.r.Read(p)
}

// source wraps r in a sourceReader of m.
func (m *mapper[S]) source(r io.Reader) io.Reader { return &sourceReader{r: r, gate: m} }

func (m *mapper[S]) leave() {
	m.mu.Lock()
	m.active--
	m.cond.Broadcast()
	m.mu.Unlock()
}

func (m *mapper[S]) enter() {
	m.mu.Lock()
	m.active++
	m.mu.Unlock()
}

// startChunks makes the chunk buffers' slots (nbuf of them, all free) and
// the channels between the producers and the workers. The release it
// returns frees the buffers at its producers+1-th call: once by each
// producer goroutine and once by endInput, whichever comes last.
func (m *mapper[S]) startChunks(nbuf, producers int) (release func()) {
	m.bufs = make([]unsafe.Pointer, nbuf)
	m.caps = make([]int, nbuf)
	m.ready = make(chan mapChunk, nbuf)
	m.free = make(chan int, nbuf)
	m.done = make(chan struct{})
	m.halt = make(chan struct{})
	for i := range nbuf {
		m.free <- i
	}
	m.cond.L = &m.mu
	m.live, m.active = producers, producers
	var owners atomic.Int32
	owners.Store(int32(producers) + 1)
	return func() {
		if owners.Add(-1) == 0 {
			for _, b := range m.bufs {
				if b != nil {
					shim.Free(b)
				}
			}
		}
	}
}

// producerRecover, deferred by a producer goroutine, reports the reader's
// panic, or its runtime.Goexit (which would otherwise end the chunks as if
// the input had ended; *returned is false then), before the workers see
// the end of the chunks.
func (m *mapper[S]) producerRecover(returned *bool) {
	if v := recover(); v != nil {
		m.producerFail(&PanicError{Value: v, Stack: debug.Stack(), reader: true}, false)
	} else if !*returned {
		m.producerFail(errReaderGoexit, false)
	}
}

// endInput ends the map's input when the workers are done: no more reads
// or file errors are recorded (a Files input's are joined in file order),
// the producers are told to stop and waited for (but those inside a Read of
// their source), and release is called.
func (m *mapper[S]) endInput(release func()) {
	m.mu.Lock()
	m.finished = true
	if m.fileErrs != nil {
		m.readErr = errors.Join(m.fileErrs...)
	}
	m.mu.Unlock()
	close(m.done)
	m.mu.Lock()
	for m.active > 0 {
		m.cond.Wait()
	}
	if m.live == 0 && testMapSlots != nil {
		m.countSlots()
	}
	m.mu.Unlock()
	release()
}

// testMapSlots, when a test sets it, is told where the chunk slots of a map
// over a Reader or files are once the map has returned and all its
// producers have ended (a producer inside a Read may end after Map
// returns): free, queued for the workers (a map stopped early leaves some),
// or held by a worker; and how many there are. It is called with m.mu held.
var testMapSlots func(free, queued, held, total int)

func (m *mapper[S]) countSlots() {
	if m.slotsCounted {
		return
	}
	m.slotsCounted = true
	queued := 0
	for ch := range m.ready { // closed: the producers have ended
		if ch.slot >= 0 {
			queued++
		}
	}
	held := 0
	for i := range m.workers {
		if m.workers[i].held {
			held++
		}
	}
	testMapSlots(len(m.free), queued, held, len(m.bufs))
}

// produce reads r through a chunker and hands the complete lines of each
// window to the workers as a chunk: the slot of m.bufs it was read into. A
// slot grows for a line longer than the chunk, up to the maximum document
// size; a longer line is handed to the workers as a bad line and read
// through without being buffered. A slot the producer took and did not hand
// on goes back to the free list, however produce ends. It returns the bytes
// read from r, and whether r was read through (to its end, or to its
// error, which is recorded).
func (m *mapper[S]) produce(r io.Reader, file int) (read int64, through bool) {
	c := newChunker(r, &m.cfg)
	lines := 0 // newlines before the next window
	slot := -1 // the slot the producer holds
	defer func() {
		if slot >= 0 {
			m.free <- slot
		}
	}()
	for {
		if slot < 0 {
			select {
			case slot = <-m.free:
			case <-m.done:
				return c.read, false
			}
			if m.stop.Load() || int64(file) >= m.badFile.Load() {
				return c.read, false
			}
			// A chunk and the carried line fit; a buffer a long line grew
			// shrinks back to the chunk size.
			need := c.want()
			if (m.caps[slot] < need || m.caps[slot] > need && need == m.cfg.chunk+Padding) && !m.alloc(slot, need) {
				return c.read, false
			}
		} else if m.caps[slot] < c.minCap() {
			// The line fills the whole slot: grow it.
			c.detach()
			if !m.alloc(slot, c.want()) {
				return c.read, false
			}
		}
		w := c.fill(unsafe.Slice((*byte)(m.bufs[slot]), m.caps[slot]))
		if w.skipped && w.nl {
			lines++
		}
		if w.err == io.EOF {
			if len(w.data) > 0 {
				clear(unsafe.Slice((*byte)(m.bufs[slot]), m.caps[slot])[len(w.data):][:Padding])
				m.send(&slot, file, w.data, w.base, &lines)
			}
			return c.read, true
		}
		cut := bytes.LastIndexByte(w.data, '\n') + 1
		over := c.keep(w, cut)
		if cut > 0 {
			c.detach()
			m.send(&slot, file, w.data[:cut], w.base, &lines)
		}
		if over && !m.sendBad(file, w.base+int64(cut), lines) {
			return c.read, false
		}
		if w.err != nil {
			// The complete lines were delivered: report the error.
			m.readFailed(file, w.err)
			return c.read, true
		}
	}
}

// alloc gives slot a new buffer of n bytes.
func (m *mapper[S]) alloc(slot, n int) bool {
	if m.bufs[slot] != nil {
		shim.Free(m.bufs[slot])
	}
	m.bufs[slot] = mallocBuf(n)
	if m.bufs[slot] == nil {
		m.caps[slot] = 0
		m.producerFail(&Error{Code: ErrMemAlloc, Offset: -1}, false)
		return false
	}
	m.caps[slot] = n
	return true
}

// send hands the workers data, the chunk in *slot (the slot is theirs
// then: *slot becomes -1).
func (m *mapper[S]) send(slot *int, file int, data []byte, base int64, lines *int) {
	ch := mapChunk{slot: *slot, file: file, n: len(data), base: base, lineBase: *lines}
	*lines += bytes.Count(data, []byte{'\n'})
	m.queue(file, 1)
	select {
	case m.ready <- ch:
		*slot = -1
	case <-m.done:
		m.queue(file, -1)
	}
}

// queue counts the chunks of file (of a Files input) sent and not yet
// taken.
func (m *mapper[S]) queue(file, n int) {
	if m.queued != nil {
		m.mu.Lock()
		m.queued[file] += n
		m.mu.Unlock()
	}
}

// sendBad hands the workers, in input order, the line at offset off (after
// lines newlines), longer than the maximum document size. It reports
// whether the producer goes on (under SkipBadLines).
func (m *mapper[S]) sendBad(file int, off int64, lines int) bool {
	le := &LineError{Line: lines + 1, Offset: off, Err: &Error{Code: ErrCapacity, Offset: off + int64(m.cfg.maxDoc)}, file: file}
	if file < len(m.names) {
		le.File = m.names[file]
	}
	m.queue(file, 1)
	select {
	case m.ready <- mapChunk{slot: -1, file: file, bad: le}:
	case <-m.done:
		m.queue(file, -1)
		return false
	}
	return m.cfg.skip
}

// NextChunk implements shim.MapHandler: worker w gives back its chunk and
// takes the next one. It returns false at the end of the input, when the map
// stops, and after a bad line under the stop policy once no chunk that comes
// before it in input order is left: for a single input, at once (the chunks
// not taken yet all come after it); for Files, once every earlier file is
// sent and taken.
func (m *mapper[S]) NextChunk(w int) (buf unsafe.Pointer, n, capacity, base uint64, ok bool) {
	wk := &m.workers[w]
	if wk.held {
		wk.held = false
		m.free <- wk.chunk.slot
	}
	for {
		m.mu.Lock()
		bad := m.bad
		var progress chan struct{} // nil (never ready) unless waiting on earlier files
		if bad != nil && m.earlierPending(bad.file) {
			progress = m.progress
		}
		m.mu.Unlock()
		if bad != nil && progress == nil {
			m.haltWorkers()
			return nil, 0, 0, 0, false
		}
		if m.stop.Load() {
			return nil, 0, 0, 0, false
		}
		var ch mapChunk
		var more bool
		select {
		case ch, more = <-m.ready:
		case <-m.halt:
			return nil, 0, 0, 0, false
		case <-progress:
			continue
		}
		if !more {
			return nil, 0, 0, 0, false
		}
		m.mu.Lock()
		if m.queued != nil {
			m.queued[ch.file]--
		}
		bad = m.bad
		m.mu.Unlock()
		if ch.bad != nil {
			if m.cfg.skip {
				wk.bad = append(wk.bad, ch.bad)
			} else {
				m.setBad(ch.bad)
			}
			continue
		}
		if m.stop.Load() {
			m.free <- ch.slot
			return nil, 0, 0, 0, false
		}
		if bad != nil && !chunkBefore(ch, bad) { // after the bad line: not needed
			m.free <- ch.slot
			continue
		}
		wk.chunk, wk.held = ch, true
		return m.bufs[ch.slot], uint64(ch.n), uint64(m.caps[ch.slot]), uint64(ch.base), true
	}
}

// setBad records le under the stop policy if it comes before the bad line
// recorded so far.
func (m *mapper[S]) setBad(le *LineError) {
	m.mu.Lock()
	if m.bad == nil || lineBefore(le, m.bad) {
		m.bad = le
		m.badFile.Store(int64(le.file))
	}
	m.mu.Unlock()
}

// earlierPending reports whether a file before file (of a Files input) may
// still hand the workers a chunk. Called under mu.
func (m *mapper[S]) earlierPending(file int) bool {
	for j := 0; j < file && j < len(m.sent); j++ {
		if !m.sent[j] || m.queued[j] > 0 {
			return true
		}
	}
	return false
}

// chunkBefore reports whether chunk ch starts before the bad line le.
func chunkBefore(ch mapChunk, le *LineError) bool {
	if ch.file != le.file {
		return ch.file < le.file
	}
	return ch.base < le.Offset
}

// fileSent records that the producer of file (of a Files input) hands on
// no more of its chunks.
func (m *mapper[S]) fileSent(file int) {
	m.mu.Lock()
	m.sent[file] = true
	close(m.progress)
	m.progress = make(chan struct{})
	m.mu.Unlock()
}

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
	m.queued, m.sent, m.progress = make([]int, len(paths)), make([]bool, len(paths)), make(chan struct{})
	var next atomic.Int64
	return m.runProducers(c, len(m.parsers)+k+1, k, func() {
		var keep gzipBufs
		defer keep.free()
		for {
			j := int(next.Add(1)) - 1
			if j >= len(paths) || m.stop.Load() || int64(j) > m.badFile.Load() {
				return
			}
			select {
			case <-m.done:
				return
			default:
			}
			m.produceFile(paths[j], j, &keep)
		}
	})
}

func (m *mapper[S]) produceFile(path string, file int, keep *gzipBufs) {
	defer m.fileSent(file)
	r, closeIn, err := openFile(path, m.cfg.gzipOpts(), keep, m.source)
	if err != nil {
		m.readFailed(file, err)
		return
	}
	defer closeIn()
	n, through := m.produce(r, file)
	if m.cfg.fileDone == nil || !through {
		return // a file the map stopped reading is not reported
	}
	m.mu.Lock()
	if m.finished { // Map returned, or is waiting for this producer
		m.mu.Unlock()
		return
	}
	err = m.fileErrs[file]
	m.mu.Unlock()
	m.cfg.fileDone(path, n, err)
}
