package simdjson

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// formatLimit is how many bytes of a value's JSON text fmt prints before it
// cuts the text short.
const formatLimit = 256

// Format prints the value's JSON text for fmt's verbs: %v and %s the text
// as in the input (cut after 256 bytes, with the total length), %q the
// same quoted, %#v a short description (its type and offset). A stale,
// closed or zero handle prints its error. Nothing else of the parser or
// its input is printed, so a Value in a log line shows that value only.
func (v Value) Format(f fmt.State, verb rune) { formatHandle(f, verb, "Value", v) }

// Format prints the document's JSON text, as Value's Format does.
func (d Document) Format(f fmt.State, verb rune) { formatHandle(f, verb, "Document", d.Value) }

// Format prints the object's JSON text, as Value's Format does.
func (o Object) Format(f fmt.State, verb rune) { formatHandle(f, verb, "Object", o.v) }

// Format prints the array's JSON text, as Value's Format does.
func (a Array) Format(f fmt.State, verb rune) { formatHandle(f, verb, "Array", a.v) }

func formatHandle(f fmt.State, verb rune, name string, v Value) {
	raw, err := v.RawJSON()
	if verb == 'v' && f.Flag('#') {
		if err != nil {
			fmt.Fprintf(f, "simdjson.%s{Err: %q}", name, err.Error())
			return
		}
		fmt.Fprintf(f, "simdjson.%s{Type: %s, Offset: %d, Len: %d}", name, v.Type(), v.Offset(), len(raw))
		return
	}
	if err != nil {
		fmt.Fprintf(f, "<simdjson.%s: %v>", name, err)
		return
	}
	text, cut := raw, false
	if len(text) > formatLimit {
		text, cut = text[:formatLimit], true
		// Do not split a character.
		for i := len(text) - 1; i >= 0 && i >= len(text)-utf8.UTFMax; i-- {
			if utf8.RuneStart(text[i]) {
				if !utf8.FullRune(text[i:]) {
					text = text[:i]
				}
				break
			}
		}
	}
	if verb == 'q' {
		f.Write([]byte(strconv.Quote(string(text))))
	} else {
		f.Write(text)
	}
	if cut {
		fmt.Fprintf(f, "...(%d bytes)", len(raw))
	}
}
