package patience

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// FuzzParse checks that no input makes Parse panic, that every error is a
// *textio.Error, and that what parses writes back to the same deals.
func FuzzParse(f *testing.F) {
	s := sample()
	f.Add(s)
	f.Add(s + "\n" + s)
	f.Add(replaceLine(s, 5, "6D TD AD AS"))
	f.Add(strings.Join(strings.Split(s, "\n")[:8], "\n"))
	f.Add(SortedDeck().String())
	f.Fuzz(func(t *testing.T, in string) {
		deals, err := Parse(strings.NewReader(in), "fuzz.in")
		if err != nil {
			var te *textio.Error
			if !errors.As(err, &te) {
				t.Fatalf("error %v is not a *textio.Error", err)
			}
			return
		}
		for i := range deals {
			if err := deals[i].Validate(); err != nil {
				t.Fatalf("parsed deal %d is invalid: %v", i, err)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, deals); err != nil {
			t.Fatal(err)
		}
		back, err := Parse(&buf, "again.in")
		if err != nil {
			t.Fatalf("written deals do not parse: %v", err)
		}
		if len(back) != len(deals) {
			t.Fatalf("round trip: %d deals, want %d", len(back), len(deals))
		}
		for i := range back {
			if back[i] != deals[i] {
				t.Fatalf("round trip changed deal %d", i)
			}
		}
	})
}
