package patience

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestCardRoundTrip(t *testing.T) {
	for i := range Cards {
		c := CardAt(i)
		if c.Index() != i {
			t.Fatalf("CardAt(%d).Index() = %d", i, c.Index())
		}
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v, %v; want %v", c.String(), back, err, c)
		}
	}
}

func TestValidate(t *testing.T) {
	good := SortedDeck()
	if err := good.Validate(); err != nil {
		t.Fatalf("sorted deck: %v", err)
	}
	tests := []struct {
		name    string
		edit    func(*Deal)
		pile    int
		missing string
	}{
		{"duplicate", func(d *Deal) { d[3][2] = d[0][0] }, 3, "9D"},
		{"out of range", func(d *Deal) { d[8][3] = Card{Rank: 9} }, 8, ""},
		{"bad suit", func(d *Deal) { d[1][0] = Card{Suit: 4} }, 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := SortedDeck()
			tc.edit(&d)
			var ce *CardError
			if err := d.Validate(); !errors.As(err, &ce) {
				t.Fatalf("Validate() = %v, want a *CardError", err)
			}
			if ce.Pile != tc.pile {
				t.Errorf("error names pile %d, want %d", ce.Pile, tc.pile)
			}
			if got := joinCards(ce.Missing); got != tc.missing {
				t.Errorf("missing = %q, want %q", got, tc.missing)
			}
		})
	}
}

func TestInitialMoves(t *testing.T) {
	tests := []struct {
		name string
		tops []Rank // top ranks of the nine piles
		want int
	}{
		{"all distinct", []Rank{0, 1, 2, 3, 4, 5, 6, 7, 8}, 0},
		{"one pair", []Rank{0, 0, 2, 3, 4, 5, 6, 7, 8}, 1},
		// three equal tops give C(3,2) = 3 pairs; four give 6.
		{"three and four", []Rank{1, 1, 1, 2, 2, 2, 2, 3, 4}, 3 + 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var d Deal
			for p, r := range tc.tops {
				d[p][3] = Card{Rank: r}
			}
			if got := d.InitialMoves(); got != tc.want {
				t.Errorf("InitialMoves() = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestWriteRoundTrip(t *testing.T) {
	deals, err := Parse(strings.NewReader(sample()), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	deals = append(deals, SortedDeck())
	var buf bytes.Buffer
	if err := Write(&buf, deals); err != nil {
		t.Fatal(err)
	}
	back, err := Parse(&buf, "written.in")
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || back[0] != deals[0] || back[1] != deals[1] {
		t.Fatalf("round trip changed the deals")
	}
}

func TestWriteAnswers(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteAnswers(&buf, []float64{0.5893136, 0, 1}); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "0.589314\n0.000000\n1.000000\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDealOfRanks(t *testing.T) {
	piles := [Piles]string{"6 6 6 6", "7 7 7 7", "8 8 8 8", "9 9 9 9", "T T T T", "J J J J", "Q Q Q Q", "K K K K", "A A A A"}
	d, err := DealOfRanks(piles)
	if err != nil {
		t.Fatal(err)
	}
	if d[0][0].String() != "6S" || d[0][3].String() != "6H" || d[8][1].String() != "AC" {
		t.Errorf("suits not given in order S C D H: %v", d[0])
	}
	piles[0] = "6 6 6"
	if _, err := DealOfRanks(piles); err == nil {
		t.Error("a pile of three accepted")
	}
	piles[0] = "6 6 6 7"
	if _, err := DealOfRanks(piles); err == nil {
		t.Error("five sevens accepted")
	}
}
