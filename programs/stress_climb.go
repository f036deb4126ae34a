package programs

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/chancecheck/chancecheck/internal/climb"
	"github.com/chancecheck/chancecheck/props"
)

// Climbing (issue 31) in a stress run: internal/climb's climber, the one
// check's search climbs with, with the generator's cases as its parents.
// A climbing slot's case is drawn near one of the best so far: its
// parameters moved (toward their limits, to a neighbour, anywhere in
// their range) and, half the time or when no parameter moved, a seed of
// its own (climbCase). Case i of the search is the climber's input i;
// a slot that climbs leaves case i's uniform draw undrawn, so Cases still
// bounds the run and its budget (Alpha/(2·Cases) a case, the case chosen
// before its referee runs are drawn: climbing leaves α as it is). Packs
// (Tests above 1) and generators that write their tests do not climb:
// their runs are several cases'.

// climbParent is a case that can be climbed from: the case and its
// number in the search.
type climbParent struct {
	c     Case
	index int
}

// climbs reports whether the run climbs.
func (s *Stress) climbs() bool { return s.Climb != 0 && !s.packed() }

// newClimber is the run's climber; nil when it does not climb.
func (s *Stress) newClimber() *climb.Climber[climbParent] {
	if !s.climbs() {
		return nil
	}
	return climb.New[climbParent](s.Climb)
}

// climbRun is what the climber learns from the search's case i: its error
// score, its input's size and its clean run's CPU time and peak; nil when
// the case was not judged.
func climbRun(i int, c Case, r caseResult) *climb.Run[climbParent] {
	if r.err != nil || r.r.fault != nil {
		return nil
	}
	run := &climb.Run[climbParent]{Parents: []climbParent{{c: c, index: i}}, Scores: []float64{0}, Sizes: []float64{float64(len(r.r.input))}}
	if sc := r.r.closest.score; sc != nil && !math.IsNaN(sc.Score) {
		run.Scores[0] = sc.Score
	}
	for _, u := range r.r.closest.runs {
		if u.Boards == 1 {
			run.CPU, run.Peak = u.CPU.Seconds(), float64(u.Peak)
		}
	}
	if r.climbed != nil {
		run.Toward = r.climbed.Target
	}
	return run
}

// climbCase draws the search's case i near one of plan's parents, from
// the run's seed and i alone.
func (s *Stress) climbCase(p climb.Plan[climbParent], i int) (Case, *props.Climbed) {
	rng := rand.New(rand.NewPCG(s.Seed, mix(domainClimb<<32^uint64(i))))
	// The better parents are picked more often: the lower of two uniform
	// ranks.
	e := p.Parents[min(rng.IntN(len(p.Parents)), rng.IntN(len(p.Parents)))]
	parent := e.Parents[rng.IntN(len(e.Parents))]
	c := Case{Seed: parent.c.Seed, Values: slices.Clone(parent.c.Values)}
	var ranged []int
	for j, prm := range s.Params {
		if prm.Lo < prm.Hi {
			ranged = append(ranged, j)
		}
	}
	moved := false
	for len(ranged) > 0 {
		j := ranged[rng.IntN(len(ranged))]
		v := moveValue(s.Params[j], c.Values[j], rng)
		moved = moved || v != c.Values[j]
		c.Values[j] = v
		if rng.IntN(2) == 0 {
			break
		}
	}
	if !moved || rng.IntN(2) == 0 {
		c.Seed = derive(s.Seed, domainClimb, uint64(i))
	}
	return c, &props.Climbed{Target: p.Target, From: parent.index}
}

// moveValue moves a parameter's value within its range: to its highest
// (the generator's limits: larger inputs), its lowest, a neighbour, a
// step of an eighth of the range, or anywhere.
func moveValue(p Param, v int64, rng *rand.Rand) int64 {
	span := p.Hi - p.Lo
	step := func(d int64) int64 { // d ≤ span: no overflow
		if rng.IntN(2) == 0 {
			return max(p.Lo, v-min(d, v-p.Lo))
		}
		return min(p.Hi, v+min(d, p.Hi-v))
	}
	switch r := rng.IntN(10); {
	case r < 3:
		return p.Hi
	case r < 4:
		return p.Lo
	case r < 7:
		return step(1)
	case r < 9:
		return step(span/8 + 1)
	}
	return p.Lo + rng.Int64N(span+1)
}
