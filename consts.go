package simdjson

import "github.com/simdjson-cgo/simdjson/internal/shim"

// Compile-time checks: the exported constants are written as numbers (so
// that go doc shows their values, not internal names) and must equal the
// shim's. A negative array length fails the build.
var (
	_ [FieldMissing - shim.FMissing]struct{}
	_ [shim.FMissing - FieldMissing]struct{}
	_ [FieldNull - shim.FNull]struct{}
	_ [shim.FNull - FieldNull]struct{}
	_ [FieldBool - shim.FBool]struct{}
	_ [shim.FBool - FieldBool]struct{}
	_ [FieldInt64 - shim.FInt64]struct{}
	_ [shim.FInt64 - FieldInt64]struct{}
	_ [FieldUint64 - shim.FUint64]struct{}
	_ [shim.FUint64 - FieldUint64]struct{}
	_ [FieldFloat64 - shim.FDouble]struct{}
	_ [shim.FDouble - FieldFloat64]struct{}
	_ [FieldString - shim.FString]struct{}
	_ [shim.FString - FieldString]struct{}
	_ [FieldBigInt - shim.FBigInt]struct{}
	_ [shim.FBigInt - FieldBigInt]struct{}
	_ [FieldObject - shim.FObject]struct{}
	_ [shim.FObject - FieldObject]struct{}
	_ [FieldArray - shim.FArray]struct{}
	_ [shim.FArray - FieldArray]struct{}
	_ [FieldError - shim.FError]struct{}
	_ [shim.FError - FieldError]struct{}
	_ [ErrTape - shim.CodeTape]struct{}
	_ [shim.CodeTape - ErrTape]struct{}
	_ [ErrTAtom - shim.CodeTAtom]struct{}
	_ [shim.CodeTAtom - ErrTAtom]struct{}
	_ [ErrFAtom - shim.CodeFAtom]struct{}
	_ [shim.CodeFAtom - ErrFAtom]struct{}
	_ [ErrNAtom - shim.CodeNAtom]struct{}
	_ [shim.CodeNAtom - ErrNAtom]struct{}
	_ [ErrEmpty - shim.CodeEmpty]struct{}
	_ [shim.CodeEmpty - ErrEmpty]struct{}
	_ [ErrUnescapedChars - shim.CodeUnescapedChars]struct{}
	_ [shim.CodeUnescapedChars - ErrUnescapedChars]struct{}
	_ [ErrUnclosedString - shim.CodeUnclosedString]struct{}
	_ [shim.CodeUnclosedString - ErrUnclosedString]struct{}
	_ [ErrIncompleteArrayOrObject - shim.CodeIncompleteArrayOrObject]struct{}
	_ [shim.CodeIncompleteArrayOrObject - ErrIncompleteArrayOrObject]struct{}
	_ [ErrTrailingContent - shim.CodeTrailingContent]struct{}
	_ [shim.CodeTrailingContent - ErrTrailingContent]struct{}
	_ [Padding - shim.Padding]struct{}
	_ [shim.Padding - Padding]struct{}
)
