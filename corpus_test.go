package simdjson_test

import "github.com/simdjson-cgo/simdjson/internal/corpus"

// The types of the jsonexamples documents (internal/corpus, shared with the
// bench module's decode suite).
var corpusTypes = corpus.Types

type githubEvent = corpus.GitHubEvent
