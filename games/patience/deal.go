package patience

import (
	"fmt"
	"strings"
)

// Piles and PileCards are the shape of a deal: nine piles of four cards.
const (
	Piles     = 9
	PileCards = 4
)

// Deal is one layout of the table: Deal[p][0] is the bottom card of pile p
// and Deal[p][3] its top card, the order of the input lines.
type Deal [Piles][PileCards]Card

// SortedDeck is the deal with the deck in order (6S 6C 6D 6H on pile 0,
// 7S … 7H on pile 1, and so on): the deal generators shrink toward. Every
// pile holds one rank, so no move exists and George loses at once.
func SortedDeck() Deal {
	var d Deal
	for i := range Cards {
		d[i/PileCards][i%PileCards] = CardAt(i)
	}
	return d
}

// CardError says why a deal is not a permutation of the deck, and where.
type CardError struct {
	Pile, Pos int    // where the offending card lies (0-based); Pos 0 is the bottom
	Card      Card   // the offending card
	First     [2]int // for a card dealt twice: pile and position of its first copy
	Missing   []Card // cards the deal lacks
	Msg       string
}

// Error describes the problem in words.
func (e *CardError) Error() string { return e.Msg }

// Validate checks that the deal is a permutation of the 36 cards. The error,
// a *CardError, names the first card out of range or dealt twice (scanning
// piles in order, bottom to top) and the cards the deal therefore lacks.
func (d Deal) Validate() error {
	var seen [Cards]bool
	var where [Cards][2]int
	for p := range Piles {
		for k := range PileCards {
			c := d[p][k]
			if !c.Valid() {
				return &CardError{Pile: p, Pos: k, Card: c,
					Msg: fmt.Sprintf("pile %d card %d: no such card (rank %d, suit %d)", p+1, k+1, c.Rank, c.Suit)}
			}
			i := c.Index()
			if seen[i] {
				missing := d.Missing()
				return &CardError{Pile: p, Pos: k, Card: c, First: where[i], Missing: missing,
					Msg: fmt.Sprintf("card %s appears twice (first as pile %d card %d), so the deal lacks %s",
						c, where[i][0]+1, where[i][1]+1, joinCards(missing))}
			}
			seen[i], where[i] = true, [2]int{p, k}
		}
	}
	return nil
}

// Missing lists, in deck order, the cards of the deck that the deal lacks.
func (d Deal) Missing() []Card {
	var seen [Cards]bool
	for p := range Piles {
		for _, c := range d[p] {
			if c.Valid() {
				seen[c.Index()] = true
			}
		}
	}
	var out []Card
	for i, ok := range seen {
		if !ok {
			out = append(out, CardAt(i))
		}
	}
	return out
}

// Top returns the top card of pile p when it holds height cards (1..4).
func (d Deal) Top(p, height int) Card { return d[p][height-1] }

// InitialMoves counts the pairs of piles whose top cards share a rank in the
// full deal: the moves George can choose from on his first turn.
func (d Deal) InitialMoves() int {
	var count [Ranks]int
	n := 0
	for p := range Piles {
		r := d[p][PileCards-1].Rank
		if int(r) >= Ranks {
			continue
		}
		n += count[r]
		count[r]++
	}
	return n
}

func joinCards(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// DealOfRanks builds a deal from nine piles written as rank letters, bottom
// card first ("7 6 7 6"), giving each rank's cards the suits S, C, D, H in
// order of appearance. Hand-built deals in tests read far better this way,
// since the rules only ever compare ranks.
func DealOfRanks(piles [Piles]string) (Deal, error) {
	var d Deal
	var next [Ranks]int
	for p, line := range piles {
		fields := strings.Fields(line)
		if len(fields) != PileCards {
			return Deal{}, fmt.Errorf("patience: pile %d: %d ranks, want %d", p+1, len(fields), PileCards)
		}
		for k, f := range fields {
			c, err := ParseCard(f + "S")
			if err != nil {
				return Deal{}, fmt.Errorf("patience: pile %d: %w", p+1, err)
			}
			if next[c.Rank] >= Suits {
				return Deal{}, fmt.Errorf("patience: rank %s appears more than %d times", f, Suits)
			}
			c.Suit = Suit(next[c.Rank])
			next[c.Rank]++
			d[p][k] = c
		}
	}
	return d, d.Validate()
}
