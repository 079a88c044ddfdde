package simdjson

// Options: the Parser's (MaxCapacity, MaxDepth) and those of streams and
// maps (every StreamOption), with their defaults and limits. Options are
// checked once, when the parser or the stream's configuration is made: a
// value out of range is an *OptionError returned before anything is read.

import "math"

// Option configures a Parser.
type Option func(*Parser)

// MaxCapacity caps the size of the documents a parser accepts (bytes);
// larger ones fail with ErrCapacity. The default (and n = 0) is simdjson's
// limit, MaxCapacityLimit. A negative n or one above the limit is an
// *OptionError.
func MaxCapacity(n int) Option {
	return func(p *Parser) {
		if err := optionError("MaxCapacity", int64(n), 0, MaxCapacityLimit); err != nil {
			p.setOptErr(err)
			return
		}
		p.maxCapacity = uint64(n)
	}
}

// MaxDepth sets the deepest nesting of arrays and objects the parser accepts
// (default 1024), from 1 to MaxDepthLimit; any other n is an *OptionError.
// On-Demand checks it lazily: a container deeper than the limit fails with
// ErrDepth when it is reached. A large limit costs nothing up front: the
// parser's depth stacks grow with the depth its documents actually reach.
func MaxDepth(n int) Option {
	return func(p *Parser) {
		if err := optionError("MaxDepth", int64(n), 1, MaxDepthLimit); err != nil {
			p.setOptErr(err)
			return
		}
		p.maxDepth = uint32(n)
	}
}

func (p *Parser) setOptErr(err error) {
	if p.optErr == nil {
		p.optErr = err
	}
}

// Limits of the parser options: MaxDepth(n) takes 1 <= n <= MaxDepthLimit,
// MaxCapacity(n) takes 0 <= n <= MaxCapacityLimit (0: the default, which is
// the limit, simdjson's 4 GiB - 1).
const (
	MaxDepthLimit    = 1 << 30
	MaxCapacityLimit = 1<<32 - 1
)

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
	gzipWhole    bool // GzipWholeMembers
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

// DefaultMaxGzipBuffer is the default MaxGzipBuffer: 1 GiB, more than the
// uncompressed size of one hour of GH Archive events (about 0.95 GB in 2024).
const DefaultMaxGzipBuffer = 1 << 30

// MaxGzipBuffer bounds the memory of GzipWholeMembers' gzip decompression
// (the default streaming path needs no bound): the compressed input buffered whole,
// and the output of one member, are each at most n bytes (default
// DefaultMaxGzipBuffer; n <= 0 selects it). Beyond n, decompression streams
// through compress/gzip, slower but in constant memory. A map over Files
// decompresses up to Threads files at once, each with its own buffers.
func MaxGzipBuffer(n int) StreamOption { return func(c *streamConfig) { c.gzipBuf = n } }

// GzipWholeMembers selects the earlier gzip decompression: each member
// inflated whole by libdeflate into one buffer of up to MaxGzipBuffer bytes
// (compress/gzip's streaming reader beyond), and delivered only once its
// CRC-32 checks. By default decompression streams with libdeflate's
// resumable decoder in bounded memory (about 2 MiB per file read at once,
// whatever the member size), each piece delivered as it is inflated, so a
// member's lines before a fault (a cut, corrupt data, a bad CRC) are
// delivered before its *GzipError. Kept for comparison (bench -gz); it may
// go once the streaming path has been measured on more machines.
func GzipWholeMembers() StreamOption { return func(c *streamConfig) { c.gzipWhole = true } }

// FileDone makes a stream or map over Files call fn as each file has been
// read through: its path, the (uncompressed) bytes read, and its read or
// decompression error (nil at its clean end). A map calls it from the
// goroutine that read the file, concurrently for different files, a little
// before the map's threads have parsed the file's last chunks; fn must be
// safe for concurrent use. A file a stream or map stopped reading (an error
// of fn, a bad line elsewhere) is not reported, and a map makes no call
// once it has returned (it waits for a call in progress). It suits progress
// reports.
func FileDone(fn func(path string, n int64, err error)) StreamOption {
	return func(c *streamConfig) { c.fileDone = fn }
}
