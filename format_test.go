//go:build cgo

package simdjson_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// TestFormat: fmt prints a handle's JSON text, and only that: never the
// parser's fields or the rest of the input (a log line with a Value must
// not leak the document).
func TestFormat(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	long := strings.Repeat("é", 200) // 400 bytes
	doc, err := p.Parse([]byte(`{"user": {"name": "ann", "id": 7}, "secret": "hunter2", "long": "` + long + `"}`))
	require.NoError(t, err)
	user, err := doc.Field("user")
	require.NoError(t, err)
	obj, err := user.Object()
	require.NoError(t, err)
	id, err := doc.Get("user", "id")
	require.NoError(t, err)
	l, err := doc.Field("long")
	require.NoError(t, err)

	assert.Equal(t, `{"name": "ann", "id": 7}`, fmt.Sprint(user))
	assert.Equal(t, `{"name": "ann", "id": 7}`, fmt.Sprintf("%s", obj))
	assert.Equal(t, `7`, fmt.Sprintf("%v", id))
	assert.Equal(t, `"{\"name\": \"ann\", \"id\": 7}"`, fmt.Sprintf("%q", user))
	assert.Equal(t, `simdjson.Value{Type: object, Offset: 9, Len: 24}`, fmt.Sprintf("%#v", user))
	for _, s := range []string{fmt.Sprint(user), fmt.Sprintf("%+v", user), fmt.Sprintf("%s", user), fmt.Sprintf("%#v", user), fmt.Sprintf("%x", obj)} {
		assert.NotContains(t, s, "hunter2", s)
		assert.NotContains(t, s, "0x", s)
	}
	// The whole document prints whole up to the bound, then is cut.
	d := fmt.Sprint(doc)
	assert.True(t, strings.HasPrefix(d, `{"user": {"name": "ann", "id": 7}, "secret": "hunter2"`), d)
	assert.True(t, strings.HasSuffix(d, "...(467 bytes)"), d)
	ls := fmt.Sprint(l)
	assert.True(t, strings.HasSuffix(ls, "...(402 bytes)"), ls)
	assert.Len(t, strings.TrimSuffix(ls, "...(402 bytes)"), 255, "cut at a character boundary")

	// Stale and zero handles print their error.
	_, err = p.Parse([]byte(`[1]`))
	require.NoError(t, err)
	assert.Equal(t, "<simdjson.Value: "+simdjson.ErrStaleHandle.Error()+">", fmt.Sprint(user))
	assert.Contains(t, fmt.Sprintf("%#v", obj), "Err:")
	assert.Equal(t, "<simdjson.Value: "+simdjson.ErrInvalidHandle.Error()+">", fmt.Sprint(simdjson.Value{}))
}
