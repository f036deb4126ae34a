package patience

import (
	"errors"
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/games/textio"
)

// Parse reads deals until end of input, in the original format: nine lines
// per deal, one pile a line, four cards from bottom to top. Blank lines
// between deals are skipped; a blank line inside a deal is an error. Every
// deal is validated. Each error is a *textio.Error naming file and line.
func Parse(r io.Reader, file string) ([]Deal, error) {
	sc, err := textio.NewScanner(r, file)
	if err != nil {
		return nil, err
	}
	var (
		deals  []Deal
		cur    Deal
		pile   int        // piles of cur read so far
		lineOf [Piles]int // input line of each pile of cur
		fields [PileCards][]byte
	)
	for {
		line, n, ok := sc.NextLine()
		if !ok {
			break
		}
		count := textio.Fields(line, fields[:])
		if count == 0 {
			if pile != 0 {
				return nil, sc.Errorf(n, "blank line inside deal %d: expected pile %d of %d (four cards, bottom to top)", len(deals)+1, pile+1, Piles)
			}
			continue
		}
		if count != PileCards {
			return nil, sc.Errorf(n, "pile %d of deal %d: expected %d cards (bottom to top), found %d", pile+1, len(deals)+1, PileCards, count)
		}
		for k, f := range fields {
			c, ok := parseCard(f)
			if !ok {
				_, err := ParseCard(string(f)) // the slow route, for its words
				return nil, sc.Errorf(n, "pile %d card %d: %v", pile+1, k+1, err)
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
				return nil, sc.Errorf(lineOf[ce.Pile], "deal %d is not a permutation of the 36 cards: %s", len(deals)+1, describe(ce, lineOf))
			}
			return nil, sc.Errorf(n, "deal %d: %v", len(deals)+1, err)
		}
		deals = append(deals, cur)
		pile = 0
	}
	if pile != 0 {
		return nil, sc.Errorf(sc.Lines(), "deal %d ends after %d of %d piles: each deal is %d lines of %d cards", len(deals)+1, pile, Piles, Piles, PileCards)
	}
	if len(deals) == 0 {
		return nil, sc.Errorf(sc.Lines(), "no deal: expected %d lines of %d cards each", Piles, PileCards)
	}
	return deals, nil
}

// describe words a CardError with input line numbers instead of pile numbers.
func describe(ce *CardError, lineOf [Piles]int) string {
	if ce.Missing == nil {
		return ce.Msg
	}
	return fmt.Sprintf("card %s appears twice (first on line %d), so the deal lacks %s",
		ce.Card, lineOf[ce.First[0]], joinCards(ce.Missing))
}
