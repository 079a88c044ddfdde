// members.h: what the shim assumes about simdjson's classes beyond their
// documented API, checked at compile time. Three parts:
//
//  1. The release the shim was checked against (csrc/VERSION): the build
//     stops on any other, so that re-vendoring makes someone re-read each
//     member below in the new sources (their meaning can change while their
//     type stays), then move the pin.
//  2. The protected and private members the shim reads and writes (the
//     handles of handle.h move simdjson's iterator; batch.h builds one over a
//     batch): each is reached through the explicit-instantiation rule
//     (access checks do not apply to the template arguments of an explicit
//     instantiation) with its type as simdjson declares it deduced
//     (template <auto>), and a static_assert compares that with the type and
//     class the shim uses: a member renamed or removed does not compile, one
//     retyped or moved to another class (a base) fails the assert by name.
//  3. The public members and constants the shim and dom.cpp rely on (the
//     structural index, the DOM tape, the padding, the error codes Go
//     mirrors): the same check, through decltype.
//
// Included by ondemand.cpp (before parser.h, the first piece using part 2)
// and by dom.cpp.

#ifndef SJ_SHIM_MEMBERS_H
#define SJ_SHIM_MEMBERS_H

#include <type_traits>

// 1. The release.
static_assert(simdjson::SIMDJSON_VERSION_MAJOR == 4 && simdjson::SIMDJSON_VERSION_MINOR == 6 &&
                  simdjson::SIMDJSON_VERSION_REVISION == 7,
              "internal/shim was checked against simdjson 4.6.7 (csrc/VERSION): re-check every member in "
              "internal/shim/members.h against the vendored sources, then update this pin");

// 2. Protected and private members: sj_get(NAME()) is the member pointer.
template <typename Tag, auto Member>
struct sj_rob {
  friend constexpr auto sj_get(Tag) { return Member; }
};
// NAME: the tag; CLASS::MEMBER: the member; TYPE: its type as the shim uses
// it; WHERE: the upstream header that declares it (include/simdjson/...).
#define SJ_ROB(NAME, CLASS, TYPE, MEMBER, WHERE)                                               \
  struct NAME {                                                                                \
    friend constexpr auto sj_get(NAME);                                                        \
  };                                                                                           \
  template struct sj_rob<NAME, &CLASS::MEMBER>;                                                \
  static_assert(std::is_same<decltype(sj_get(NAME())), TYPE CLASS::*>::value,                  \
                "simdjson's " #CLASS "::" #MEMBER " (" WHERE ") is no longer a " #TYPE         \
                " member of that class: re-check internal/shim/members.h and its users");

namespace od = simdjson::ondemand;
using simdjson::error_code;

// generic/ondemand/document.h, class document: json_iterator iter. The
// iterator of a document from parser::iterate; sj_parse points the handles'
// iterator (sj_parser::it) at it.
SJ_ROB(rob_doc_iter, od::document, od::json_iterator, iter, "generic/ondemand/document.h")

// generic/ondemand/json_iterator.h, class json_iterator:
// - token_iterator token: the current token; set_pos moves it to a
//   handle's token (token_iterator::set_position, public).
SJ_ROB(rob_ji_token, od::json_iterator, od::token_iterator, token, "generic/ondemand/json_iterator.h")
// - depth_t _depth: the iterator's depth (1: the root value); set_pos sets
//   it to the handle's.
SJ_ROB(rob_ji_depth, od::json_iterator, od::depth_t, _depth, "generic/ondemand/json_iterator.h")
// - ondemand::parser *parser: null once simdjson abandoned the iterator
//   (is_alive() is parser != nullptr); revive and start_batch set it.
SJ_ROB(rob_ji_parser, od::json_iterator, od::parser *, parser, "generic/ondemand/json_iterator.h")
// - uint8_t *_string_buf_loc: where the next unescaped string goes;
//   start_batch points it at the parser's string buffer.
SJ_ROB(rob_ji_sbuf, od::json_iterator, uint8_t *, _string_buf_loc, "generic/ondemand/json_iterator.h")
// - error_code error: the error that killed the iterator; revive and
//   start_batch clear it.
SJ_ROB(rob_ji_error, od::json_iterator, error_code, error, "generic/ondemand/json_iterator.h")
// - token_position _root: the first token of the document (root_position());
//   start_batch sets it to the batch's first token.
SJ_ROB(rob_ji_root, od::json_iterator, od::token_position, _root, "generic/ondemand/json_iterator.h")

// generic/ondemand/token_iterator.h, class token_iterator: const uint8_t
// *buf, the input the token offsets index; start_batch sets it.
SJ_ROB(rob_ti_buf, od::token_iterator, const uint8_t *, buf, "generic/ondemand/token_iterator.h")

// generic/ondemand/value_iterator.h, class value_iterator: make_vi builds
// the value iterator of a handle from these three.
// - json_iterator *_json_iter: the document's iterator.
SJ_ROB(rob_vi_ji, od::value_iterator, od::json_iterator *, _json_iter, "generic/ondemand/value_iterator.h")
// - depth_t _depth: the value's depth.
SJ_ROB(rob_vi_depth, od::value_iterator, od::depth_t, _depth, "generic/ondemand/value_iterator.h")
// - token_position _start_position: the value's first token.
SJ_ROB(rob_vi_start, od::value_iterator, od::token_position, _start_position, "generic/ondemand/value_iterator.h")

// generic/ondemand/parser.h, class parser (private):
// - std::unique_ptr<internal::dom_parser_implementation> implementation:
//   the stage-1 kernel's parser; batch.h runs its stage1 over a batch, and
//   its structural index (part 3) is what handles index.
SJ_ROB(rob_p_impl, od::parser, std::unique_ptr<simdjson::internal::dom_parser_implementation>, implementation,
       "generic/ondemand/parser.h")
// - std::unique_ptr<uint8_t[]> string_buf: the string buffer, of
//   SIMDJSON_ROUNDUP_N(5 * capacity() / 3 + SIMDJSON_PADDING, 64) bytes
//   (parser::allocate): unescaped strings get places of their own in it
//   (handle.h, unescape_to_place); prepare() keeps replaced ones while a map
//   runs.
SJ_ROB(rob_p_sbuf, od::parser, std::unique_ptr<uint8_t[]>, string_buf, "generic/ondemand/parser.h")

// 3. Public members and constants.
#define SJ_PUBLIC(EXPR, TYPE, WHERE)                                                           \
  static_assert(std::is_same<decltype(EXPR), TYPE>::value,                                     \
                "simdjson's " #EXPR " (" WHERE ") is no longer a " #TYPE ": re-check its users in internal/shim")

// The handles' types: token indexes are uint32_t, depths int32_t.
static_assert(std::is_same<od::depth_t, int32_t>::value, "simdjson's ondemand::depth_t is no longer int32_t");
static_assert(std::is_same<od::token_position, const uint32_t *>::value,
              "simdjson's ondemand::token_position is no longer const uint32_t *");
// internal/dom_parser_implementation.h: the structural index of the last
// stage 1 (handles, batches, the walk, dom.cpp's offsets).
SJ_PUBLIC(simdjson::internal::dom_parser_implementation::n_structural_indexes, uint32_t,
          "internal/dom_parser_implementation.h");
SJ_PUBLIC(simdjson::internal::dom_parser_implementation::structural_indexes, std::unique_ptr<uint32_t[]>,
          "internal/dom_parser_implementation.h");
// dom/parser.h and dom/document.h: dom.cpp runs the kernel's stages itself
// and Go reads the tape and its strings in place (json/tape.go).
SJ_PUBLIC(simdjson::dom::parser::implementation, std::unique_ptr<simdjson::internal::dom_parser_implementation>,
          "dom/parser.h");
SJ_PUBLIC(simdjson::dom::parser::doc, simdjson::dom::document, "dom/parser.h");
SJ_PUBLIC(simdjson::dom::document::tape, std::unique_ptr<uint64_t[]>, "dom/document.h");
SJ_PUBLIC(simdjson::dom::document::string_buf, std::unique_ptr<uint8_t[]>, "dom/document.h");
static_assert(simdjson::internal::JSON_VALUE_MASK == 0x00FFFFFFFFFFFFFFULL, "simdjson's tape word layout changed");
static_assert(char(simdjson::internal::tape_type::INT64) == 'l' && char(simdjson::internal::tape_type::UINT64) == 'u' &&
                  char(simdjson::internal::tape_type::DOUBLE) == 'd' && char(simdjson::internal::tape_type::STRING) == '"' &&
                  char(simdjson::internal::tape_type::ROOT) == 'r',
              "simdjson's tape types changed: json/tape.go and dom.cpp read them");
// Go's padding (simdjson.Padding, the inputs' spare capacity) is simdjson's.
static_assert(simdjson::SIMDJSON_PADDING == 64, "SIMDJSON_PADDING is no longer 64: Go's Padding must follow");
// The error codes Go mirrors by value (errors.go): a code inserted before
// TRAILING_CONTENT would shift them.
static_assert(simdjson::TAPE_ERROR == 3 && simdjson::NO_SUCH_FIELD == 20 && simdjson::TRAILING_CONTENT == 31 &&
                  simdjson::OUT_OF_CAPACITY == 32 && simdjson::NUM_ERROR_CODES == 33,
              "simdjson's error codes moved: errors.go mirrors their values");

#undef SJ_PUBLIC

#endif  // SJ_SHIM_MEMBERS_H
