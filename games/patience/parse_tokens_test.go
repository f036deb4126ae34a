package patience

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// parseWithTokens is the parser as it was before the Scanner, over
// textio.Read's Tokens: the reference Parse must match deal for deal and
// error for error.
func parseWithTokens(r io.Reader, file string) ([]Deal, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	var (
		deals  []Deal
		cur    Deal
		pile   int        // piles of cur read so far
		lineOf [Piles]int // input line of each pile of cur
	)
	for i, line := range toks.Lines {
		n := i + 1
		fields := strings.Fields(line)
		if len(fields) == 0 {
			if pile != 0 {
				return nil, toks.Errorf(n, "blank line inside deal %d: expected pile %d of %d (four cards, bottom to top)", len(deals)+1, pile+1, Piles)
			}
			continue
		}
		if len(fields) != PileCards {
			return nil, toks.Errorf(n, "pile %d of deal %d: expected %d cards (bottom to top), found %d", pile+1, len(deals)+1, PileCards, len(fields))
		}
		for k, f := range fields {
			c, err := ParseCard(f)
			if err != nil {
				return nil, toks.Errorf(n, "pile %d card %d: %v", pile+1, k+1, err)
			}
			cur[pile][k] = c
		}
		lineOf[pile] = n
		pile++
		if pile < Piles {
			continue
		}
		if err := cur.Validate(); err != nil {
			var ce *CardError
			if errors.As(err, &ce) {
				return nil, toks.Errorf(lineOf[ce.Pile], "deal %d is not a permutation of the 36 cards: %s", len(deals)+1, describe(ce, lineOf))
			}
			return nil, toks.Errorf(n, "deal %d: %v", len(deals)+1, err)
		}
		deals = append(deals, cur)
		pile = 0
	}
	if pile != 0 {
		return nil, toks.Errorf(len(toks.Lines), "deal %d ends after %d of %d piles: each deal is %d lines of %d cards", len(deals)+1, pile, Piles, Piles, PileCards)
	}
	if len(deals) == 0 {
		return nil, toks.Errorf(len(toks.Lines), "no deal: expected %d lines of %d cards each", Piles, PileCards)
	}
	return deals, nil
}

// FuzzParseMatchesTokens checks that Parse reads every input exactly as
// the Tokens-based parser did: the same deals, or the same error text.
func FuzzParseMatchesTokens(f *testing.F) {
	s := sample()
	f.Add(s)
	f.Add(s + "\n\n" + strings.ReplaceAll(s, "\n", "\r\n"))
	f.Add(replaceLine(s, 5, "6D TD AD AS"))
	f.Add(replaceLine(s, 3, "6D TD\u00a0AD 8S"))
	f.Add(replaceLine(s, 2, "6D TD AD 8S 9S"))
	f.Add(replaceLine(s, 2, "6D XD AD 8S"))
	f.Add(replaceLine(s, 2, "6D T\xff AD 8S"))
	f.Add(strings.Join(strings.Split(s, "\n")[:8], "\n"))
	f.Add("\n\n")
	f.Fuzz(func(t *testing.T, in string) {
		got, gotErr := Parse(strings.NewReader(in), "f.in")
		want, wantErr := parseWithTokens(strings.NewReader(in), "f.in")
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("error %v, want %v", gotErr, wantErr)
		}
		if len(got) != len(want) {
			t.Fatalf("%d deals, want %d", len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("deal %d: %v, want %v", i+1, got[i], want[i])
			}
		}
	})
}
