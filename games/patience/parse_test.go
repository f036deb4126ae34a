package patience

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// sample is the published sample (UVa 1637).
func sample() string { return Samples()[0].Input }

// replaceLine returns text with its 1-based line n replaced.
func replaceLine(text string, n int, line string) string {
	lines := strings.Split(text, "\n")
	lines[n-1] = line
	return strings.Join(lines, "\n")
}

func TestParseSample(t *testing.T) {
	deals, err := Parse(strings.NewReader(sample()), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	if len(deals) != 1 {
		t.Fatalf("got %d deals, want 1", len(deals))
	}
	d := deals[0]
	// Line 1 is "AS 9S 6C KS": the ace of spades is pile 0's bottom card, KS its top.
	if got, want := d[0][0], (Card{Rank: 8, Suit: 0}); got != want {
		t.Errorf("bottom of pile 1 = %v, want %v", got, want)
	}
	if got, want := d.Top(0, 4), (Card{Rank: 7, Suit: 0}); got != want {
		t.Errorf("top of pile 1 = %v, want %v", got, want)
	}
	if got := d.String(); got != sample() {
		t.Errorf("String() does not reproduce the sample:\n%s", got)
	}
}

func TestParseSeveralDealsAndBlankLines(t *testing.T) {
	s := sample()
	in := "\n" + s + "\n\n" + s + "\n"
	deals, err := Parse(strings.NewReader(in), "two.in")
	if err != nil {
		t.Fatal(err)
	}
	if len(deals) != 2 || deals[0] != deals[1] {
		t.Fatalf("got %d deals, want two equal ones", len(deals))
	}
	// CRLF line ends and extra spaces are whitespace like any other.
	crlf := strings.ReplaceAll(strings.ReplaceAll(s, " ", "  "), "\n", "\r\n")
	if _, err := Parse(strings.NewReader(crlf), "crlf.in"); err != nil {
		t.Fatal(err)
	}
}

func TestParseErrors(t *testing.T) {
	s := sample()
	tests := []struct {
		name  string
		input string
		line  int
		want  string // a fragment of the message
	}{
		{"unknown rank", replaceLine(s, 3, "7S QD JD 5D"), 3, `unknown rank "5"`},
		{"lowercase rank", replaceLine(s, 3, "7S QD jD KD"), 3, `unknown rank "j"`},
		{"unknown suit", replaceLine(s, 5, "6D TD AX 8S"), 5, `unknown suit "X"`},
		{"card too long", replaceLine(s, 2, "JC QH 10C KH"), 2, "two characters"},
		{"five cards", replaceLine(s, 4, "QS TS JS 9H 9H"), 4, "expected 4 cards (bottom to top), found 5"},
		{"three cards", replaceLine(s, 9, "8H 6S AH"), 9, "expected 4 cards (bottom to top), found 3"},
		{"eight lines", strings.Join(strings.Split(s, "\n")[:8], "\n") + "\n", 8, "ends after 8 of 9 piles"},
		{"second deal short", s + strings.Join(strings.Split(s, "\n")[:3], "\n") + "\n", 12, "deal 2 ends after 3 of 9 piles"},
		{"blank inside deal", replaceLine(s, 5, ""), 5, "blank line inside deal 1"},
		// 8S (line 5) replaced by a second AS: the copy on line 5 is reported, and 8S is missing.
		{"card twice", replaceLine(s, 5, "6D TD AD AS"), 5, "card AS appears twice (first on line 1), so the deal lacks 8S"},
		{"card missing", replaceLine(s, 9, "8H 6S AH 6D"), 9, "lacks 6H"},
		{"empty", "", 0, "no deal"},
		{"only blanks", "\n\n", 2, "no deal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.input), "bad.in")
			if err := textio.MatchError(err, "bad.in", tc.line, tc.want); err != nil {
				t.Error(err)
			}
		})
	}
}
