package props

import (
	"bytes"
	"errors"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// climbSalt keeps the climber's random numbers apart from the boards'
// sub-seeds.
const climbSalt = 0xc11b

// climbTries is how many changed choice sequences a climbed board tries
// before its number's uniform board is drawn instead.
const climbTries = 4

// climbDraw draws the boards of a climbing slot, numbered first.., each
// from the choices of one of the plan's parents with a few choices
// changed (mutate), or for a narrowing the first n boards of the batch
// narrowed. Everything random here comes from the board's number
// and the search's seed.
func (s *searcher) climbDraw(p climbPlan, first, n int) []genCase {
	cases := make([]genCase, 0, n)
	if p.Narrow != nil {
		// A narrowing re-runs boards judged before, as they were drawn.
		for i, parent := range p.Narrow.Parents[:min(n, len(p.Narrow.Parents))] {
			gc := parent.gc
			gc.index, gc.sol, gc.climbed = first+i, nil, &Climbed{Target: p.Target, From: parent.gc.index}
			cases = append(cases, gc)
		}
		return cases
	}
	for pos := first; pos < first+n; pos++ {
		seed := montecarlo.SubSeed(s.c.Seed, uint64(pos))
		rng := rand.New(rand.NewPCG(seed, climbSalt))
		gc, ok := s.climbOne(p, pos, rng)
		if !ok {
			gc = genCase{index: pos, seed: seed, board: s.gen.Example(exampleSeed(seed))}
		}
		cases = append(cases, gc)
	}
	return cases
}

// climbOne draws one climbed board numbered pos.
func (s *searcher) climbOne(p climbPlan, pos int, rng *rand.Rand) (genCase, bool) {
	for range climbTries {
		// The better parents are picked more often: the lower of two
		// uniform ranks.
		e := p.Parents[min(rng.IntN(len(p.Parents)), rng.IntN(len(p.Parents)))]
		parent := e.Parents[rng.IntN(len(e.Parents))]
		choices, used := s.parentChoices(parent)
		if choices == nil {
			continue
		}
		child := mutate(choices[:used], rng)
		b, err := s.replay(child)
		if err != nil {
			continue
		}
		return genCase{index: pos, board: b, climbed: &Climbed{Target: p.Target, From: parent.gc.index}, choices: child}, true
	}
	return genCase{}, false
}

// replay draws a board from choices.
func (s *searcher) replay(choices rapidflags.Choices) (Board, error) {
	var b Board
	err := s.replayer.Replay(choices, func(t *rapid.T) { b = s.gen.Draw(t, "board") })
	return b, err
}

// parentChoices are the choices that draw parent's board, and how many of
// them the generator reads; nil when none was found. A uniform board's
// are its seed's stream (rapidflags.Seeded), a climbed board's its own;
// either is kept only when it draws the board again.
func (s *searcher) parentChoices(parent *climbParent) ([]uint64, int) {
	parent.once.Do(func() {
		var want bytes.Buffer
		if s.c.Game.WriteInput(&want, []Board{parent.gc.board}) != nil {
			return
		}
		same := func(b Board) bool {
			var got bytes.Buffer
			return s.c.Game.WriteInput(&got, []Board{b}) == nil && bytes.Equal(got.Bytes(), want.Bytes())
		}
		choices := parent.gc.choices
		if choices == nil {
			for n := 1 << 10; n <= 1<<17; n *= 4 {
				c := rapidflags.Seeded(uint64(exampleSeed(parent.gc.seed)), n)
				b, err := s.replay(c)
				if errors.Is(err, rapidflags.ErrOverrun) {
					continue
				}
				if err == nil && same(b) {
					choices = c
				}
				break
			}
		}
		if choices == nil {
			return
		}
		// The fewest leading choices that still draw it: changing one past
		// them would change nothing.
		lo, hi := 1, len(choices)
		for lo < hi {
			m := (lo + hi) / 2
			if _, err := s.replay(choices[:m]); err != nil {
				lo = m + 1
			} else {
				hi = m
			}
		}
		parent.choices, parent.used = choices, lo
	})
	return parent.choices, parent.used
}

// mutate returns choices with a few of them changed — one, or more with
// falling odds — and some fresh ones after them, for a board that draws
// more: a choice set at random, to its highest value (toward the
// generator's limits: longer lists, larger numbers), to 0 (toward its
// smallest), one of its low bits flipped (a near value), or a run of
// choices copied from elsewhere in the sequence (a part repeated).
func mutate(choices []uint64, rng *rand.Rand) rapidflags.Choices {
	out := make(rapidflags.Choices, len(choices), len(choices)+len(choices)/4+16)
	copy(out, choices)
	for range len(choices)/4 + 16 {
		out = append(out, rng.Uint64())
	}
	n := len(choices)
	if n == 0 {
		return out
	}
	for {
		i := rng.IntN(n)
		switch r := rng.IntN(20); {
		case r < 8:
			out[i] = rng.Uint64()
		case r < 11:
			out[i] = ^uint64(0)
		case r < 14:
			out[i] = 0
		case r < 18:
			out[i] ^= 1 << rng.IntN(8)
		default:
			j, k := rng.IntN(n), 1+rng.IntN(8)
			copy(out[i:min(i+k, n)], out[j:min(j+k, n)])
		}
		if rng.IntN(2) == 0 {
			return out
		}
	}
}
