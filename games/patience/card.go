package patience

import "fmt"

// Rank is a card's rank: 0 is the six, 8 the ace (6 7 8 9 T J Q K A).
type Rank uint8

// Suit is a card's suit: 0..3 stand for S C D H.
type Suit uint8

// Ranks, Suits and Cards count the deck.
const (
	Ranks = 9
	Suits = 4
	Cards = Ranks * Suits
)

// rankLetters and suitLetters spell ranks and suits in the input format.
const (
	rankLetters = "6789TJQKA"
	suitLetters = "SCDH"
)

// String spells the rank as the input does ("6" … "A").
func (r Rank) String() string {
	if int(r) >= Ranks {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankLetters[r : r+1]
}

// String spells the suit as the input does ("S", "C", "D", "H").
func (s Suit) String() string {
	if int(s) >= Suits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitLetters[s : s+1]
}

// Card is one card of the 36-card deck.
type Card struct {
	Rank Rank
	Suit Suit
}

// Index numbers the deck 0..35 (rank-major), so a deal can be checked with a
// 36-slot table.
func (c Card) Index() int { return int(c.Rank)*Suits + int(c.Suit) }

// CardAt is the inverse of Index.
func CardAt(i int) Card { return Card{Rank: Rank(i / Suits), Suit: Suit(i % Suits)} }

// Valid reports whether the card's rank and suit are in range.
func (c Card) Valid() bool { return int(c.Rank) < Ranks && int(c.Suit) < Suits }

// String spells the card as the input does: rank then suit ("AS", "TD").
func (c Card) String() string { return c.Rank.String() + c.Suit.String() }

// ParseCard reads a two-character card such as "AS" or "6H". The error says
// which part is wrong; the parser adds file and line.
func ParseCard(s string) (Card, error) {
	if len(s) != 2 {
		return Card{}, fmt.Errorf("card %q must be two characters, rank (one of %s) then suit (one of %s)", clip(s), rankLetters, suitLetters)
	}
	r, ok := indexByte(rankLetters, s[0])
	if !ok {
		return Card{}, fmt.Errorf("unknown rank %q in card %q (expected one of %s)", s[0:1], s, rankLetters)
	}
	u, ok := indexByte(suitLetters, s[1])
	if !ok {
		return Card{}, fmt.Errorf("unknown suit %q in card %q (expected one of %s)", s[1:2], s, suitLetters)
	}
	return Card{Rank: Rank(r), Suit: Suit(u)}, nil
}

// parseCard is ParseCard on bytes, without its error: ok is false where
// ParseCard fails.
func parseCard(b []byte) (Card, bool) {
	if len(b) != 2 {
		return Card{}, false
	}
	r, ok := indexByte(rankLetters, b[0])
	if !ok {
		return Card{}, false
	}
	u, ok := indexByte(suitLetters, b[1])
	return Card{Rank: Rank(r), Suit: Suit(u)}, ok
}

func indexByte(letters string, b byte) (int, bool) {
	for i := range len(letters) {
		if letters[i] == b {
			return i, true
		}
	}
	return 0, false
}

// clip shortens text quoted in an error, so garbage cannot flood stderr.
func clip(s string) string {
	const max = 20
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}
