package json

// Token returns the next JSON token in the input stream. At the end of the
// input stream, Token returns nil, io.EOF.
//
// Not implemented yet: it reports an error.
func (dec *Decoder) Token() (Token, error) {
	return nil, errTokenTODO
}

var errTokenTODO = errorString("simdjson/json: Decoder.Token is not implemented yet")

type errorString string

func (e errorString) Error() string { return string(e) }
