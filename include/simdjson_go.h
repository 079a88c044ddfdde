/*
 * simdjson_go.h: the C interface of the shim between Go and simdjson's
 * On-Demand API. This is the only header any cgo preamble includes.
 *
 * Every function takes the parser, the handle of the value it acts on
 * (token index and depth) and plain arguments, and returns an error code
 * (0 on success, simdjson's error_code values otherwise, SJ_DONE at the end of
 * an iteration). Results are written into the parser's sj_result, which Go
 * reads in place: one crossing per access, nothing allocated.
 *
 * Editing this header does not invalidate Go's build cache by itself (it sits
 * outside the package directory): bump SJ_SHIM_ABI here and in
 * internal/shim/shim.go together; the build fails when they differ.
 */
#ifndef SIMDJSON_GO_H
#define SIMDJSON_GO_H

#include <stddef.h>
#include <stdint.h>

#define SJ_SHIM_ABI 3

#ifdef __cplusplus
extern "C" {
#endif

/* Returned by the iteration functions when the container has no more entries. */
#define SJ_DONE 1000
/* Handle refers to a token outside the current document. */
#define SJ_BAD_HANDLE 1001

/* sj_result.flags */
#define SJ_FLAG_STR 1u /* str/slen hold the string value of tok (already read) */

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
} sj_result;

typedef struct sj_parser sj_parser;

/* Parser lifecycle. */
sj_parser *sj_parser_new(uint64_t max_capacity, uint32_t max_depth);
void sj_parser_free(sj_parser *p);
sj_result *sj_parser_result(sj_parser *p);
uint64_t sj_parser_capacity(sj_parser *p);

/* Parse (stage 1) a document. buf must stay readable up to cap bytes
 * (cap >= len + 64). On success the root handle is in the result. */
int sj_parse(sj_parser *p, const uint8_t *buf, uint64_t len, uint64_t cap);
/* Forget the current document (the input may be released afterwards). */
void sj_release(sj_parser *p);

/* Navigation. mode: 0 unordered (operator[]), 1 ordered (find_field). */
int sj_find(sj_parser *p, uint32_t tok, int32_t depth, const char *key, uint64_t keylen, int mode);
/* path: keys encoded as repeated (uint32 little-endian length, bytes). */
int sj_path(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len);
/* RFC 6901 JSON pointer relative to the handle. */
int sj_pointer(sj_parser *p, uint32_t tok, int32_t depth, const char *ptr, uint64_t len);
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

/* Library information. */
const char *sj_error_message(int code);
const char *sj_active_implementation(void);
const char *sj_builtin_implementation(void);
int sj_implementation_count(void);
const char *sj_implementation_name(int i);
const char *sj_implementation_description(int i);
int sj_implementation_supported(int i);
int sj_set_implementation(const char *name, uint64_t len);

#ifdef __cplusplus
}
#endif

#endif /* SIMDJSON_GO_H */
