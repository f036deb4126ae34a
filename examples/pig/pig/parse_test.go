package pig_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/examples/pig/pig"
	"github.com/chancecheck/chancecheck/games/textio"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		want        string // a fragment of the message
	}{
		{"empty", "", 0, "unexpected end of input: expected G"},
		{"zero", "0\n", 1, "G (the goal) must be in 1..100, found 0"},
		{"too large", "101\n", 1, "G (the goal) must be in 1..100, found 101"},
		{"not a number", "ten\n", 1, `expected G (the goal) (an integer), found "ten"`},
		{"a second number", "10 20\n", 1, `unexpected "20" after "G"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := pig.Parse(strings.NewReader(tt.input), "t.in")
			if err := textio.MatchError(err, "t.in", tt.line, tt.want); err != nil {
				t.Error(err)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1\n", "100", "0", "101\r\n", "7 7", "-3", "+5", "1e2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := pig.Parse(strings.NewReader(in), "fuzz.in")
		if err != nil {
			if te := (*textio.Error)(nil); !errors.As(err, &te) {
				t.Fatalf("error %v is not a *textio.Error", err)
			}
			return
		}
		if len(boards) != 1 || boards[0].Goal < 1 || boards[0].Goal > pig.MaxGoal {
			t.Fatalf("parsed %v", boards)
		}
		var buf bytes.Buffer
		if err := pig.Spec().Write(&buf, boards); err != nil {
			t.Fatal(err)
		}
		back, err := pig.Parse(&buf, "again.in")
		if err != nil || back[0] != boards[0] {
			t.Fatalf("round trip of %v: %v, %v", boards[0], back, err)
		}
	})
}
