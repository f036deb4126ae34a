package mice_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"github.com/chancecheck/chancecheck/games/textio"
	"github.com/chancecheck/chancecheck/props"
)

func TestParse(t *testing.T) {
	tests := []struct {
		input string
		want  mice.Board
	}{
		{"1 3\n", mice.Board{White: 1, Black: 3}},
		{"5 5", mice.Board{White: 5, Black: 5}},
		{"0 0\r\n", mice.Board{}},
		{"1000 1000\n", mice.Board{White: 1000, Black: 1000}},
		{"  7\t0  \n\n", mice.Board{White: 7}}, // blank space and trailing blank lines are no content
		{"\n2 9\n", mice.Board{White: 2, Black: 9}},
	}
	for _, tt := range tests {
		got, err := mice.Parse(strings.NewReader(tt.input), "t.in")
		if err != nil || len(got) != 1 || got[0] != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want [%v]", tt.input, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		want        string // a fragment of the message
	}{
		{"empty", "", 0, "unexpected end of input: expected w"},
		{"blank", "\n \n", 2, "unexpected end of input: expected w"},
		{"b missing", "3\n", 1, "unexpected end of input: expected b"},
		{"w not a number", "x 3\n", 1, `expected w (the white mice) (an integer), found "x"`},
		{"b glued to garbage", "1 3x\n", 1, `expected b (the black mice) (an integer), found "3x"`},
		{"b a fraction", "1 3.0\n", 1, "expected b"},
		{"w negative", "-1 3\n", 1, "w (the white mice) must be in 0..1000, found -1"},
		{"b too large", "1 1001\n", 1, "b (the black mice) must be in 0..1000, found 1001"},
		{"a third number", "1 3 4\n", 1, `unexpected "4" after "w b"`},
		{"a second line", "1 3\n4 5\n", 2, `unexpected "4" after "w b"`},
		{"b on its own line", "1\n3\n", 2, "expected b beside w, on line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mice.Parse(strings.NewReader(tt.input), "t.in")
			if err := textio.MatchError(err, "t.in", tt.line, tt.want); err != nil {
				t.Error(err)
			}
		})
	}
}

// FuzzParse checks that no input makes Parse panic, that every error is a
// *textio.Error, and that what parses is a board within the limits that
// writes back to itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"1 3\n", "5 5\n", "0 0", "1000 1000\r\n", "1\n3", "1 3 4", "-0 +7", "1e3 0", "01 002\n\n"} {
		f.Add(s)
	}
	g := mice.Game()
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := mice.Parse(strings.NewReader(in), "fuzz.in")
		if err != nil {
			if te := (*textio.Error)(nil); !errors.As(err, &te) {
				t.Fatalf("error %v is not a *textio.Error", err)
			}
			return
		}
		if b := boards[0]; len(boards) != 1 || min(b.White, b.Black) < 0 || max(b.White, b.Black) > mice.MaxMice {
			t.Fatalf("parsed %v", boards)
		}
		var buf bytes.Buffer
		if err := g.WriteInput(&buf, []props.Board{boards[0]}); err != nil {
			t.Fatal(err)
		}
		back, err := mice.Parse(&buf, "again.in")
		if err != nil || back[0] != boards[0] {
			t.Fatalf("round trip of %v: %v, %v", boards[0], back, err)
		}
	})
}
