module example.com/consumer

go 1.26

// run.sh replaces this version with the one of the module zip it makes
// from a clean clone (a pseudo-version of HEAD).
require github.com/simdjson-cgo/simdjson v0.0.0-00010101000000-000000000000
