package snakes

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

func TestParseSample(t *testing.T) {
	boards, err := Parse(strings.NewReader(Samples()[0].Input), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	if len(boards) != 2 || len(boards[0].Jumps) != 14 || len(boards[1].Jumps) != 0 {
		t.Fatalf("got %d boards with %v", len(boards), boards)
	}
	if got := boards[0].Jumps[2]; got != (Jump{16, 8}) {
		t.Errorf("third jump of case 1 = %v, want 16 8", got)
	}
}

func TestParseRoundTrip(t *testing.T) {
	in := []Board{{Jumps: []Jump{{4, 42}, {99, 2}, {50, 100}, {60, 1}}}, {}}
	var buf bytes.Buffer
	if err := Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	out, err := Parse(&buf, "rt")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || len(out[0].Jumps) != 4 || out[0].Jumps[3] != (Jump{60, 1}) || len(out[1].Jumps) != 0 {
		t.Fatalf("round trip gave %v", out)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		want        string // a fragment of the message
	}{
		{"empty", "", 0, "expected T"},
		{"T not a number", "x\n", 1, "expected T"},
		{"T zero", "0\n", 1, "must be in 1..105"},
		{"T too large", "106\n", 1, "must be in 1..105"},
		{"T larger than cases", "2\n\n0\n", 3, "T says 2 cases but the input ends after 1"},
		{"n not a number", "1\n\nfive\n", 3, "expected n"},
		{"n negative", "1\n\n-1\n", 3, "must be in 0..98"},
		{"jump missing", "1\n\n2\n4 42\n", 4, "unexpected end of input"},
		{"a glued to garbage", "1\n\n1\n4x 42\n", 4, "expected a"},
		{"b outside", "1\n\n1\n4 101\n", 4, "must be in 1..100"},
		{"a outside", "1\n\n1\n0 5\n", 4, "must be in 1..100"},
		{"a equals b", "1\n\n1\n7 7\n", 4, "a ≠ b"},
		{"jump from 1", "1\n\n1\n1 50\n", 4, "start on cell 1"},
		{"jump from 100", "1\n\n1\n100 50\n", 4, "start on cell 100"},
		{"two jumps from one cell", "1\n\n2\n5 50\n5 60\n", 5, "already starts jump 1"},
		{"chain", "1\n\n2\n5 50\n50 60\n", 4, "do not chain"},
		{"chain backwards", "1\n\n2\n50 60\n5 50\n", 5, "do not chain"},
		{"six snake heads", "1\n\n6\n2 1\n3 1\n4 1\n5 1\n6 1\n7 1\n", 3, "cell 1 can be reached from 1 but 100 cannot"},
		{"wall before the goal", "1\n\n6\n94 3\n95 3\n96 3\n97 3\n98 3\n99 3\n", 3, "cell 93 can be reached"},
		{"trailing garbage", "1\n\n0\nextra\n", 4, "after the last"},
		{"second case bad", "2\n\n0\n\n1\n3 3\n", 6, "case 2"},
		// Jumps laid out otherwise than one a line after n: each named by its own line.
		{"two jumps on one line", "1\n\n2\n5 50 5 60\n", 4, "already starts jump 1"},
		{"a jump on the line of n", "1\n\n2 5 50\n5 60\n", 4, "already starts jump 1"},
		{"a blank line between jumps", "1\n\n3\n5 50\n\n6 60\n5 70\n", 7, "already starts jump 1"},
		{"a jump split over two lines", "1\n\n2\n5\n50\n5 60\n", 6, "already starts jump 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.input), "in.txt")
			if err := textio.MatchError(err, "in.txt", tt.line, tt.want); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestParseNamesEveryBrokenCase(t *testing.T) {
	in := "3\n\n1\n1 50\n\n0\n\n2\n5 50\n50 60\n"
	_, err := Parse(strings.NewReader(in), "in.txt")
	if err == nil {
		t.Fatal("accepted")
	}
	want := "in.txt:4: case 1: 1 50: no jump may start on cell 1\nin.txt:9: case 3: 5 50: jumps do not chain, but cell 50 starts jump 2"
	if err.Error() != want {
		t.Errorf("got\n%s\nwant\n%s", err, want)
	}
}

func TestStuckCellNamesTheTrap(t *testing.T) {
	// Snakes on 95..99 to 94 and on 94 itself is not allowed (chain), so:
	// from 93 every throw lands on 94..99; 94 is a plain cell that can still
	// throw a 6 to 100. Adding a snake on 100 is illegal, so this board is
	// finite: a hand-checked negative case.
	b := Board{Jumps: []Jump{{95, 94}, {96, 94}, {97, 94}, {98, 94}, {99, 94}}}
	if err := b.Validate(); err != nil {
		t.Fatalf("board with an escape by a 6 rejected: %v", err)
	}
	// Six heads 88..93 all sending to 80: from 87 every throw hits a snake;
	// 80..87 are reachable and none can pass the wall; 87 is the last of them.
	wall := Board{Jumps: []Jump{{88, 80}, {89, 80}, {90, 80}, {91, 80}, {92, 80}, {93, 80}}}
	var ue *UnreachableError
	if err := wall.Validate(); !errors.As(err, &ue) || ue.Cell != 87 {
		t.Fatalf("wall: got %v, want cell 87 named", err)
	}
	// The same wall with a ladder that jumps it is fine.
	wall.Jumps = append(wall.Jumps, Jump{85, 95})
	if err := wall.Validate(); err != nil {
		t.Fatalf("wall with a ladder over it: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range Samples() {
		f.Add(s.Input)
	}
	f.Add("1\n\n6\n2 1\n3 1\n4 1\n5 1\n6 1\n7 1\n")
	f.Add("1\n\n1\n99999999999999999999 3\n")
	f.Fuzz(func(t *testing.T, input string) {
		boards, err := Parse(strings.NewReader(input), "fuzz")
		if err != nil {
			var te *textio.Error
			if !errors.As(err, &te) {
				t.Fatalf("error is not a *textio.Error: %v", err)
			}
			return
		}
		for _, b := range boards {
			if err := b.Validate(); err != nil {
				t.Fatalf("Parse accepted an invalid board: %v", err)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, boards); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(&buf, "rewritten")
		if err != nil || len(again) != len(boards) {
			t.Fatalf("rewritten input does not parse back: %v", err)
		}
	})
}
