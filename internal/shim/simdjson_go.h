/*
 * simdjson_go.h: the C interface of the shim between Go and simdjson: the
 * On-Demand side (ondemand.cpp and the headers it includes, one per concern:
 * parser.h, walk.h, handle.h, projection.h, batch.h, map.h, kernels.h) and
 * the DOM side (dom.cpp). This is the only header of the shim that a cgo
 * preamble includes.
 *
 * Every function takes the parser, the handle of the value it acts on
 * (token index and depth) and plain arguments, and returns an error code
 * (0 on success, simdjson's error_code values otherwise, SJ_DONE at the end of
 * an iteration). Results are written into the parser's sj_result, which Go
 * reads in place: one crossing per access, nothing allocated.
 *
 * It lives in the package directory, so Go's build cache hashes it: editing
 * it rebuilds the package.
 */
#ifndef SIMDJSON_GO_H
#define SIMDJSON_GO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returned by the iteration functions when the container has no more entries. */
#define SJ_DONE 1000
/* Handle refers to a token outside the current document. */
#define SJ_BAD_HANDLE 1001

/* sj_result.flags */
#define SJ_FLAG_STR 1u  /* str/slen hold the string value of tok (already read) */
#define SJ_FLAG_DEAD 2u /* the call failed and left the document unusable */

typedef struct sj_result {
  const uint8_t *str;  /* string bytes (zero-copy view, valid until next parse) */
  const uint8_t *key;  /* key bytes of the last field iterated */
  uint64_t slen;       /* length of str */
  uint64_t klen;       /* length of key */
  uint64_t u;          /* integer results, counts, end offsets */
  double f;            /* float results */
  int64_t err_off;     /* byte offset of the last error, -1 when unknown */
  uint32_t tok;        /* handle of the value found: token index */
  uint32_t off;        /* handle of the value found: byte offset */
  int32_t depth;       /* handle of the value found: depth */
  uint32_t flags;      /* SJ_FLAG_* */
  uint32_t kind;       /* sj_number: 1 int64, 2 uint64, 3 double, 4 big integer */
  uint32_t _pad;
  const struct sj_doc *docs;     /* sj_batch: the documents found */
  const struct sj_field *fields; /* sj_batch with a projection: ndocs x nfields values */
  uint64_t ndocs;                /* sj_batch: number of entries in docs */
  uint64_t consumed;             /* sj_batch: bytes of input the documents cover */
  const uint32_t *idx;           /* sj_parse, sj_batch: structural indexes (byte offset of each token) */
  uint64_t ntok;                 /* sj_parse, sj_batch: number of tokens in idx */
  const uint64_t *jump;          /* sj_parse, sj_batch: for each '{' or '[' token walked so far
                                    (every container of a batch), (epoch << 32) | token of its
                                    closing bracket; entries with another epoch are unknown */
  uint64_t epoch;                /* sj_parse, sj_batch: the epoch of this input */
} sj_result;

/* One document (or bad line) of a batch. Offsets are relative to the batch. */
typedef struct sj_doc {
  uint32_t tok;     /* handle of the document (token index; depth 1) */
  uint32_t off;     /* byte offset of its first token (of the line when bad) */
  uint32_t end;     /* byte offset just past the document (its line, in NDJSON) */
  int32_t err;      /* 0, or why the document (line) is bad */
  uint32_t err_off; /* byte offset of the error */
  uint32_t _pad;
} sj_doc;

/* Kinds of projected values (sj_field.kind). */
#define SJ_F_MISSING 0
#define SJ_F_NULL 1
#define SJ_F_BOOL 2
#define SJ_F_INT64 3
#define SJ_F_UINT64 4
#define SJ_F_DOUBLE 5
#define SJ_F_STRING 6
#define SJ_F_BIGINT 7 /* str/len: the number's raw text */
#define SJ_F_OBJECT 8 /* str/len: raw JSON */
#define SJ_F_ARRAY 9  /* str/len: raw JSON */
#define SJ_F_ERROR 10 /* u: error code */

/* One projected value. */
typedef struct sj_field {
  const uint8_t *str; /* string bytes or raw text (zero-copy, valid for the batch) */
  uint64_t len;
  uint64_t u;  /* bool, int64 (two's complement), uint64, error code */
  double f;
  uint32_t kind;
  uint32_t _pad;
} sj_field;

typedef struct sj_parser sj_parser;

/* Parser lifecycle (parser.h). max_capacity: 0 or above simdjson's limit (4 GiB - 1)
 * is that limit; max_depth: 0 is 1024, above SJ_MAX_DEPTH is SJ_MAX_DEPTH. */
#define SJ_MAX_DEPTH (1u << 30)
sj_parser *sj_parser_new(uint64_t max_capacity, uint32_t max_depth);
void sj_parser_free(sj_parser *p);
sj_result *sj_parser_result(sj_parser *p);
uint64_t sj_parser_capacity(sj_parser *p);
/* Levels the parser's depth stacks hold now (they grow with the depth
 * reached; for tests). */
uint64_t sj_parser_stack_levels(sj_parser *p);
/* Test hooks: what a parser has scanned and holds (which: SJ_STAT_*). */
#define SJ_STAT_STAGE1_BYTES 0 /* bytes handed to stage 1 since the parser was made */
#define SJ_STAT_STRING_EXTRA 1 /* bytes held for unescaped strings beyond the string buffer */
#define SJ_STAT_ROW_BYTES 2    /* capacity of the projected rows of a batch, in bytes */
#define SJ_STAT_RETIRED_BYTES 3    /* bytes a running map keeps of replaced buffers (freed at its end) */
#define SJ_STAT_STRING_BUF 4       /* address of the string buffer (unescaped strings) */
#define SJ_STAT_STRING_BUF_BYTES 5 /* its size */
uint64_t sj_parser_stat(sj_parser *p, int which);

/* A document parsed alone, and the accesses to values below (handle.h).
 * Parse (stage 1) a document. buf must stay readable up to cap bytes
 * (cap >= len + 64). On success the root handle is in the result. With walk
 * set, the document is also walked as by sj_walk, in the same call (a walk
 * that fails leaves the jump table as it was: lookups then use the shim). */
int sj_parse(sj_parser *p, const uint8_t *buf, uint64_t len, uint64_t cap, int walk);
/* Forget the current document (the input may be released afterwards). */
void sj_release(sj_parser *p);

/* Navigation. mode: 0 unordered (operator[]), 1 ordered (find_field).
 * hint (unordered only; 0: none): the value token of a field of this object
 * found earlier; the search resumes after it. */
int sj_find(sj_parser *p, uint32_t tok, int32_t depth, const char *key, uint64_t keylen, int mode, uint32_t hint);
/* path: keys encoded as repeated (uint32 little-endian length, bytes). */
int sj_path(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len);
/* RFC 6901 JSON pointer relative to the handle. */
int sj_pointer(sj_parser *p, uint32_t tok, int32_t depth, const char *ptr, uint64_t len);
/* Every value at a path of steps, which may be wildcards (AtPathAll): steps
 * encoded as in sj_path, a wildcard as the length 0xFFFFFFFF with no bytes.
 * *matches receives (token | (uint64)depth << 32) of each value found, in
 * document order, *n their number (valid until the next call on p); the
 * return is 0 or the error that ended the walk after those values. */
int sj_path_all(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len, const uint64_t **matches,
                uint64_t *n);
int sj_index(sj_parser *p, uint32_t tok, int32_t depth, uint64_t index);

/* Scalars. */
int sj_string(sj_parser *p, uint32_t tok, int32_t depth);
int sj_int64(sj_parser *p, uint32_t tok, int32_t depth);
int sj_uint64(sj_parser *p, uint32_t tok, int32_t depth);
int sj_double(sj_parser *p, uint32_t tok, int32_t depth);
int sj_bool(sj_parser *p, uint32_t tok, int32_t depth);
int sj_null(sj_parser *p, uint32_t tok, int32_t depth);
/* Number: kind in kind, value in u (integers) or f (double). */
int sj_number(sj_parser *p, uint32_t tok, int32_t depth);

/* Containers and raw text. */
int sj_raw(sj_parser *p, uint32_t tok, int32_t depth); /* u = end byte offset (exclusive) */
int sj_count(sj_parser *p, uint32_t tok, int32_t depth);
int sj_obj_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev);
int sj_arr_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev);
int sj_reset(sj_parser *p, uint32_t tok, int32_t depth);
/* The token walk (walk.h): walks the whole document of the last sj_parse,
 * recording the closing token of every container in the jump table (as
 * sj_batch does for its documents); 0, or non-zero when the document is malformed (its brackets),
 * too deep, or not a parsed document (the table is then left as it was). */
int sj_walk(sj_parser *p);

/* Streams of documents (batch.h). sj_batch runs stage 1 over buf[0:len)
 * (readable up to cap >= len + 64) and splits it into documents, written to result.docs.
 * mode 0 (NDJSON): buf holds whole lines; each line holds one value or only
 * whitespace; a bad line is reported in its sj_doc.err and the next lines
 * still parse; with a projection, a batch of more lines than 32 MiB of rows
 * allows ends early, after a line (result.consumed tells where). mode 1
 * (whitespace-separated, like iterate_many): documents
 * end where their depth returns to 0; unless final, an incomplete last
 * document is left out (result.consumed tells where it starts; 0 means the
 * batch must grow). Handles of every document of the batch stay valid until
 * the next sj_batch or sj_parse. Returns 0 or an error that stops the batch
 * (result.err_off, -1 when unknown). */
typedef struct sj_projection sj_projection;
int sj_batch(sj_parser *p, const uint8_t *buf, uint64_t len, uint64_t cap, int mode, int final,
             const sj_projection *pr);

/* Projections (projection.h): JSON pointers extracted from every document of a batch, in
 * the same pass that splits the batch (pr argument of sj_batch): the values
 * land in result.fields, ndocs x n entries (rows of bad lines are zero).
 * pointers: the concatenated RFC 6901 pointers; lens: their lengths.
 * Cases: groups (n entries, or NULL for none) puts pointer i in case
 * groups[i] - 1, or in no case when 0; case c is searched for only in the
 * documents whose field guards[c] (a pointer in no case) is a string equal
 * to one of its nvalues[c] values, which follow one another in values
 * (concatenated, value_lens giving their lengths). Returns NULL when a
 * pointer is invalid (*err_index tells which; -1 when out of memory). The
 * caller checks the cases' consistency. */
sj_projection *sj_projection_new(const char *pointers, const uint64_t *lens, uint64_t n, const uint32_t *groups,
                                 const int64_t *guards, const char *values, const uint64_t *value_lens,
                                 const uint64_t *nvalues, uint64_t ncases, int64_t *err_index);
void sj_projection_free(sj_projection *pr);

/* The parallel map (map.h): a pool of threads, each with its own parser, cuts the
 * input at newlines into chunks, parses them in batches and calls the Go
 * function sjGoBatch once per batch. With reader set, chunks come from the Go
 * function sjGoNextChunk instead of buf. */
typedef struct sj_map_cfg {
  uint64_t len;       /* the input's length ([]byte mode) */
  uint64_t cap;       /* readable bytes from buf */
  uint64_t chunk;     /* chunk size (bytes) */
  uint64_t batch;     /* batch size (bytes) */
  sj_parser **parsers;
  const sj_projection *proj; /* NULL: lazy handles */
  uintptr_t ctx;      /* passed back to Go */
  int32_t threads;
  int32_t reader;
  uint64_t max_doc;   /* longest line parsed (bytes, newline excluded); a longer
                         one is not parsed but delivered as a bad document
                         (CAPACITY, err_off max_doc); 0: no limit */
} sj_map_cfg;
/* A map over buf (ignored with reader set): sj_map_new copies cfg (NULL when
 * out of memory or threads < 1); each worker 0 <= w < threads is run by one
 * call of sj_map_work(m, w), each on its own thread (Go runs each in a
 * goroutine: the Go functions it calls back then run on threads the Go
 * runtime created); once every call has returned, sj_map_free frees the map
 * and returns 0 or the native error that stopped it (MEMALLOC...). A worker
 * whose Go callback never returns (runtime.Goexit) leaves its C frames
 * behind: they own no memory.
 * sjGoBatch returns 0 to go on, 1 to stop every worker, 2 after a bad line
 * under the stop policy (batches after this one are skipped, earlier ones
 * finish). sjGoNextChunk returns 0 with a chunk in *out (the worker's
 * previous chunk is then free for reuse), or 1 when there are no more. */
typedef struct sj_map sj_map;
sj_map *sj_map_new(const sj_map_cfg *cfg, const uint8_t *buf);
void sj_map_work(sj_map *m, int worker);
int sj_map_free(sj_map *m);
/* Called from a Go callback of sj_map_work whose goroutine is ending
 * (runtime.Goexit): the worker's C frames on this thread will not return
 * (under AddressSanitizer their stack shadow is cleared). */
void sj_map_abandon(void);
/* Bytes searched for the chunks' line starts, over all maps (for tests). */
uint64_t sj_map_chunk_scan_bytes(void);

/* One chunk handed out by sjGoNextChunk. */
typedef struct sj_chunk {
  const uint8_t *buf;
  uint64_t len;
  uint64_t cap;
  uint64_t base; /* offset of buf in the whole input */
} sj_chunk;

/* Library information (kernels.h). */
const char *sj_error_message(int code);
const char *sj_active_implementation(void);
const char *sj_builtin_implementation(void);
int sj_implementation_count(void);
const char *sj_implementation_name(int i);
const char *sj_implementation_description(int i);
int sj_implementation_supported(int i);
int sj_set_implementation(const char *name, uint64_t len);

/* DOM parser, for Unmarshal and Valid (internal/shim/dom.cpp): one call
 * parses a whole document into simdjson's tape (simdjson's doc/tape.md), which
 * Go reads in place through sj_dom_view until the next parse. */
typedef struct sj_dom sj_dom;
typedef struct sj_dom_view {
  const uint64_t *tape;    /* tape_len words: ('c' << 56) | payload */
  const uint8_t *strings;  /* per string not left in the input: uint32 length, bytes, NUL */
  const uint32_t *offsets; /* after sj_dom_offsets: input offset of each value */
  uint64_t tape_len;
  uint64_t capacity;       /* bytes of document the parser is sized for */
  const uint64_t *slots;   /* sj_dom_parse_plan's results */
} sj_dom_view;
sj_dom *sj_dom_new(void);
void sj_dom_free(sj_dom *d);
sj_dom_view *sj_dom_view_of(sj_dom *d);
/* buf must stay readable up to len + 64 bytes; 0 or a simdjson error code. */
/* flags: SJ_PARSE_LAZY_NUMBERS, the caller reads no number (only their
 * grammar is checked; see dom.cpp); SJ_PARSE_UNIQUE_NAMES, a document in
 * which some object has a name twice (compared unescaped) returns
 * SJ_NAMES_DUP. */
enum { SJ_PARSE_LAZY_NUMBERS = 1, SJ_PARSE_UNIQUE_NAMES = 2 };
#define SJ_NAMES_DUP (-2) /* parsed, but some object has a name twice */
int sj_dom_parse(sj_dom *d, const uint8_t *buf, uint64_t len, int flags);
/* Fills view.offsets; buf[0:len] must be the last parse's input, unchanged
   (the first byte of each token, with stage 1's indexes, says the rest). */
int sj_dom_offsets(sj_dom *d, const uint8_t *buf, uint64_t len);
/* 1 when some number of the last parse is the integer literal -0. */
int sj_dom_neg_zero(sj_dom *d, const uint8_t *buf, uint64_t len);
/* Writes buf[:len] (which needs no padding) without the whitespace outside
 * strings to dst, which must have room for len + 64 bytes, and returns the
 * bytes written. It validates
 * nothing: callers minify documents a parse accepted (simdjson::minify). */
uint64_t sj_minify(const uint8_t *buf, uint64_t len, uint8_t *dst);

/* A plan: the fields of a Go struct type that reads only strings and bools
 * (through nested structs), which C matches to the keys of the objects they
 * decode once the tape is built, so that Go need not walk the tape (see
 * dom.cpp). Built by Go in C memory, read-only after. nodes[0] is the root
 * object; a node's fields are fields[first:first+count], in Go's field
 * order. */
enum { SJ_PLAN_STRING = 1, SJ_PLAN_BOOL = 2, SJ_PLAN_OBJECT = 3 };
#define SJ_PLAN_MAX_SLOTS 256
#define SJ_PLAN_OFF (-1) /* parsed, but the plan did not apply: walk the tape */
typedef struct sj_plan_field {
  uint64_t word;   /* the name's first eight bytes (native order), zero past its end */
  uint32_t len;    /* the name's length */
  uint32_t name;   /* names[name:name+len]: the name; then len bytes of it upper-cased */
  uint32_t kind;   /* SJ_PLAN_STRING, SJ_PLAN_BOOL or SJ_PLAN_OBJECT */
  uint32_t target; /* a slot (strings, bools) or a node (objects) */
} sj_plan_field;
typedef struct sj_plan_node {
  uint32_t first, count;
  uint64_t lens; /* bit min(len, 63) set for the length of each field's name */
} sj_plan_node;
typedef struct sj_plan {
  const sj_plan_node *nodes;
  const sj_plan_field *fields;
  const uint8_t *names;
  uint32_t nslots; /* at most SJ_PLAN_MAX_SLOTS */
  uint32_t pad;
} sj_plan;
/* sj_dom_parse with lazy numbers, then plan: 0 when the plan applied
 * (view.slots holds, per slot, the tape word of the field's last value, a
 * string or a 't' or 'f' word, or 0 for none), SJ_PLAN_OFF when the document
 * parsed but the plan did not apply (a root that is not an object, a value of
 * another kind than its field's, a key that is not ASCII and matches no name
 * exactly), or a simdjson error code. flags: SJ_PLAN_V2, encoding/json/v2's
 * default rules: the parse checks every object for a name given twice
 * (SJ_PARSE_UNIQUE_NAMES: SJ_NAMES_DUP) and a key matches a field by its
 * exact name only (any other key is unknown, whatever its case). */
enum { SJ_PLAN_V2 = 1 };
int sj_dom_parse_plan(sj_dom *d, const uint8_t *buf, uint64_t len, const sj_plan *plan, int flags);

#ifdef __cplusplus
}
#endif

#endif /* SIMDJSON_GO_H */
