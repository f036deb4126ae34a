package belief

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/games/traps"
)

// Knowledge is what is known about each kind, as base-3 digits: digit t is 0
// when kind t is unknown, 1 when it is known harmless, 2 when known harmful.
// The zero Knowledge knows nothing.
type Knowledge uint16

// pow3 is 3^t for t = 0..MaxKinds.
func pow3(t int) Knowledge {
	p := Knowledge(1)
	for range t {
		p *= 3
	}
	return p
}

// Count is the number of knowledges over the given number of kinds, 3^K.
func Count(kinds int) int { return int(pow3(kinds)) }

// Of says what is known about kind t.
func (k Knowledge) Of(t int) traps.Reveal {
	return traps.Reveal(k / pow3(t) % 3)
}

// With returns k with kind t set to r.
func (k Knowledge) With(t int, r traps.Reveal) Knowledge {
	p := pow3(t)
	return k - (k/p%3)*p + Knowledge(r)*p
}

// Unknowns is how many of the first kinds kinds are still unknown.
func (k Knowledge) Unknowns(kinds int) int {
	n := 0
	for t := range kinds {
		if k.Of(t) == traps.Unknown {
			n++
		}
	}
	return n
}

// Consistent reports whether joint state combo (bit t set: kind t harmful)
// agrees with everything k knows.
func (k Knowledge) Consistent(combo, kinds int) bool {
	for t := range kinds {
		switch k.Of(t) {
		case traps.Harmless:
			if combo>>t&1 == 1 {
				return false
			}
		case traps.Harmful:
			if combo>>t&1 == 0 {
				return false
			}
		}
	}
	return true
}

// FromKnown packs a traps.Known (the neutral form policies see).
func FromKnown(known traps.Known, kinds int) Knowledge {
	var k Knowledge
	for t := range kinds {
		k = k.With(t, known[t])
	}
	return k
}

// Known unpacks k into the neutral form policies see.
func (k Knowledge) Known(kinds int) traps.Known {
	var known traps.Known
	for t := range kinds {
		known[t] = k.Of(t)
	}
	return known
}

// Format writes k as one character per kind: '?' unknown, '-' harmless, '+' harmful.
func (k Knowledge) Format(kinds int) string {
	var b strings.Builder
	for t := range kinds {
		b.WriteByte("?-+"[k.Of(t)])
	}
	return b.String()
}

// Validate reports whether k only uses the first kinds digits.
func (k Knowledge) Validate(kinds int) error {
	if int(k) >= Count(kinds) {
		return fmt.Errorf("belief: knowledge %d is out of range for %d kinds", k, kinds)
	}
	return nil
}
