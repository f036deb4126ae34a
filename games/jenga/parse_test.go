package jenga

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// sample is the published sample (Codeforces 424E).
func sample() string { return Samples()[0].Input }

func TestParseSample(t *testing.T) {
	tw, err := Parse(strings.NewReader(sample()), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tw.String(), "RGB/GRG/BBB/GGR/BRG/BRB"; got != want {
		t.Errorf("tower = %s, want %s (bottom to top)", got, want)
	}
	// The last input line is the top.
	if got := tw.Levels[tw.Top()]; got != (Level{Blue, Red, Blue}) {
		t.Errorf("top = %v, want BRB", got)
	}
	var buf bytes.Buffer
	if err := Write(&buf, tw); err != nil {
		t.Fatal(err)
	}
	if buf.String() != sample() {
		t.Errorf("Write does not reproduce the sample:\n%s", buf.String())
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		want     string // a fragment of the message
	}{
		{"empty", "", 0, "empty input"},
		{"n not a number", "x\nRGB\n", 1, "n (the number of levels)"},
		{"n too small", "1\nRGB\n", 1, "must be in 2..6"},
		{"n too large", "7\nRGB\nRGB\nRGB\nRGB\nRGB\nRGB\nRGB\n", 1, "must be in 2..6"},
		{"too few levels", "3\nRGB\nRGB\n", 3, "ends after 2"},
		{"bad letter", "2\nRGB\nRYB\n", 3, "position 2"},
		{"lower case", "2\nrgb\nRGB\n", 2, "three letters"},
		{"short level", "2\nRG\nRGB\n", 2, "three letters"},
		{"long level", "2\nRGBR\nRGB\n", 2, "three letters"},
		{"spaces inside a level", "2\nR G B\nRGB\n", 2, "three letters"},
		{"two levels on a line", "2\nRGB RGB\n", 2, "one level per line"},
		{"level on n's line", "2 RGB\nRGB\n", 1, "one level per line"},
		{"trailing garbage", "2\nRGB\nRGB\nRGB\n", 4, "after the 2 levels"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.in), "t.in")
			if err := textio.MatchError(err, "t.in", tc.line, tc.want); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestParseUpTo(t *testing.T) {
	in := "8\nRGB\nRGB\nRGB\nRGB\nRGB\nRGB\nRGB\nRRR\n"
	if _, err := Parse(strings.NewReader(in), "tall.in"); err == nil {
		t.Fatal("Parse accepted 8 levels")
	}
	tw, err := ParseUpTo(strings.NewReader(in), "tall.in", 8)
	if err != nil {
		t.Fatal(err)
	}
	if len(tw.Levels) != 8 || tw.Levels[7] != (Level{Red, Red, Red}) {
		t.Errorf("tower = %v", tw)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		tower Tower
		index int // -1: no error expected; -2: an error about the level count
	}{
		{"two levels", Tower{Levels: []Level{{Red, Green, Blue}, {Blue, Blue, Blue}}}, -1},
		{"one level", Tower{Levels: []Level{{Red, Green, Blue}}}, -2},
		{"empty block", Tower{Levels: []Level{{Red, Green, Blue}, {Blue, Empty, Blue}}}, 1},
		{"unknown colour", Tower{Levels: []Level{{Red, 9, Blue}, {Blue, Blue, Blue}}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.tower.Validate()
			if tc.index == -1 {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var le *LevelError
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not a *LevelError", err)
			}
			if want := max(tc.index, -1); le.Index != want {
				t.Errorf("error on level index %d, want %d: %v", le.Index, want, err)
			}
		})
	}
}

func TestMirrorAndBlocks(t *testing.T) {
	l := Level{Red, Empty, Blue}
	if got := l.Mirror(); got != (Level{Blue, Empty, Red}) {
		t.Errorf("Mirror = %v", got)
	}
	if l.Blocks() != 2 || l.String() != "R.B" {
		t.Errorf("Blocks = %d, String = %q", l.Blocks(), l.String())
	}
}

func TestWriteAnswer(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteAnswer(&buf, 17.119213696601992); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "17.119213696602\n" {
		t.Errorf("WriteAnswer = %q", got)
	}
}
