package jenga

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// FuzzParse checks that no input makes Parse panic, that every error is a
// *textio.Error naming the file, and that what parses writes back unchanged.
func FuzzParse(f *testing.F) {
	s := sample()
	f.Add(s)
	f.Add(strings.ReplaceAll(s, "\n", "\r\n"))
	f.Add("2\nRGB\nBBB\n")
	f.Add("2\nRGB\n")
	f.Add("6\nRBG\nGBR\nBRG\nGRB\nRGB\nBGR\n")
	f.Add("3\nRGB RGB\nBBB\n")
	f.Fuzz(func(t *testing.T, in string) {
		tw, err := Parse(strings.NewReader(in), "fuzz.in")
		if err != nil {
			var te *textio.Error
			if !errors.As(err, &te) || te.File != "fuzz.in" {
				t.Fatalf("error %v is not a *textio.Error naming fuzz.in", err)
			}
			return
		}
		if err := tw.Validate(); err != nil {
			t.Fatalf("parsed tower is invalid: %v", err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, tw); err != nil {
			t.Fatal(err)
		}
		back, err := Parse(&buf, "again.in")
		if err != nil {
			t.Fatalf("written tower does not parse: %v", err)
		}
		if back.String() != tw.String() {
			t.Fatalf("round trip changed %v into %v", tw, back)
		}
	})
}
