package programs

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"
)

// ShrinkStats says how a failure was shrunk.
type ShrinkStats struct {
	Tries    int // inputs judged while shrinking (generator runs alone not counted)
	Steps    int // smaller failing inputs moved to
	CutShort bool
	Note     string // why shrinking stopped short, or a program's fault met on the way
	// Other is the first candidate that failed another way (another kind
	// or verdict): another bug, which shrinking does not follow.
	Other *Failure
	// Inconsistent is the brute force changing its answer on a candidate:
	// it ends shrinking, and withdraws a failure that rests on the brute
	// force's answer (props/trust.go).
	Inconsistent *Fault
	Elapsed      time.Duration
}

// shrink searches the parameter space below found's case for a smaller
// input (smaller) that fails the same way: greedily, each step trying, for each
// parameter in turn, its low end and values closer to the current one
// (lowerValues), each at the current
// generator seed and ShrinkSeeds−1 others, then other seeds at the current
// point for a shorter input; it moves to the first that fails, and stops
// when none does or ShrinkTries, ShrinkTime or ctx run out. A statistical
// failure is judged on fresh referee runs at alpha, one share of the
// shrinking budget a try, so a try that fails is itself a confirmed
// failure. A program's fault on a candidate (the generator at a value it
// cannot make) skips the candidate.
func (s *Stress) shrink(ctx context.Context, found *Failure, alpha float64) (*Failure, ShrinkStats, error) {
	start := time.Now()
	var st ShrinkStats
	// The time is the programs' CPU time (cputime.go), with a wall-clock
	// backstop.
	ctx, cpu := withCPUMeter(ctx)
	deadline := start.Add(shrinkWallFactor * s.shrinkTime())
	scope := judgeDeterministic
	if found.Kind.statistical() {
		scope = judgeAll
	}
	cur := found
	tried := map[string]bool{key(cur.Case): true}
	seen := map[string]bool{string(cur.Input): true} // inputs judged
	for {
		moved := false
		for _, c := range s.candidates(cur.Case) {
			k := key(c)
			if tried[k] {
				continue
			}
			tried[k] = true
			if st.Tries >= s.shrinkTries() || cpu.total() >= s.shrinkTime() || !time.Now().Before(deadline) || ctx.Err() != nil {
				st.CutShort = true
				st.Note = s.stoppedShort(ctx, st)
				st.Elapsed = time.Since(start)
				return cur, st, nil
			}
			// Generate first (cheap): an input judged before, which small
			// points of the space make often, is not judged again, nor one
			// that is not smaller.
			c, input, fault, err := s.generateCase(ctx, c)
			if err != nil && ctx.Err() != nil {
				return s.interrupted(cur, st, start)
			}
			if err != nil {
				return nil, st, err
			}
			if fault != nil {
				if st.Note == "" {
					st.Note = "skipped a candidate: " + fault.Error()
				}
				continue
			}
			if seen[string(input)] || !smaller(input, c, cur) {
				continue
			}
			seen[string(input)] = true
			st.Tries++
			r, err := s.judge(ctx, c, input, -1, scope, derive(s.Seed, domainShrink, uint64(st.Tries)), alpha)
			if err != nil && ctx.Err() != nil {
				return s.interrupted(cur, st, start)
			}
			if err != nil {
				return nil, st, err
			}
			if r.fault != nil && r.fault.Inconsistent {
				st.Inconsistent, st.Note = r.fault, "stopped: "+r.fault.Error()
				st.Elapsed = time.Since(start)
				return cur, st, nil
			}
			if r.fault != nil {
				if st.Note == "" {
					st.Note = "skipped a candidate: " + r.fault.Error()
				}
				continue
			}
			if f := r.failure; f != nil && f.Kind == cur.Kind && f.Verdict == cur.Verdict {
				cur, moved = f, true
				st.Steps++
				break
			} else if f != nil && st.Other == nil {
				st.Other = f // another bug: reported, not shrunk toward
			}
		}
		if !moved {
			break
		}
	}
	st.Elapsed = time.Since(start)
	return cur, st, nil
}

// interrupted ends shrinking at an interruption with the smallest failure
// so far, a confirmed one: the try in progress is no verdict.
func (s *Stress) interrupted(cur *Failure, st ShrinkStats, start time.Time) (*Failure, ShrinkStats, error) {
	st.CutShort = true
	st.Note = "interrupted while shrinking: a smaller input may still fail"
	st.Elapsed = time.Since(start)
	return cur, st, nil
}

// candidates lists the cases shrinking tries after c, in order.
func (s *Stress) candidates(c Case) []Case {
	return candidates(s.Params, c, s.seedsAt(c))
}

// candidates lists the cases shrinking tries after c, for the parameters
// params: c with
// each parameter lowered, at each of seeds (c's first), then c at the
// other seeds.
func candidates(params []Param, c Case, seeds []int64) []Case {
	var out []Case
	for j, p := range params {
		for _, v := range lowerValues(c.Values[j], p.Lo) {
			for _, seed := range seeds {
				values := append([]int64(nil), c.Values...)
				values[j] = v
				out = append(out, Case{Seed: seed, Values: values})
			}
		}
	}
	for _, seed := range seeds[1:] {
		out = append(out, Case{Seed: seed, Values: c.Values})
	}
	return out
}

// seedsAt is c's seed, then ShrinkSeeds−1 others derived from the run's
// seed and c's values.
func (s *Stress) seedsAt(c Case) []int64 { return seedsAt(s.Seed, s.shrinkSeeds(), c) }

// seedsAt is c's seed, then n−1 others derived from the run's seed and
// c's values.
func seedsAt(seed uint64, n int, c Case) []int64 {
	seeds := []int64{c.Seed}
	h := uint64(len(c.Values))
	for _, v := range c.Values {
		h = mix(h ^ uint64(v))
	}
	for k := 1; k < n; k++ {
		seeds = append(seeds, derive(seed, domainAltSeeds, h^uint64(k)))
	}
	return seeds
}

// lowerValues are the values below v that shrinking tries, smallest
// first: lo, lo+1, lo+2, lo+3 (where a failure is small enough to work out
// by hand), then points halfway closer to v each time (v−(v−lo)/2,
// v−(v−lo)/4, …, v−1), as a binary search toward v would.
func lowerValues(v, lo int64) []int64 {
	var out []int64
	for x := lo; x < v && x <= lo+3; x++ {
		out = append(out, x)
	}
	for gap := (v - lo) / 2; gap > 0; gap /= 2 {
		if x := v - gap; x > lo+3 {
			out = append(out, x)
		}
	}
	return out
}

// smaller reports whether input, made at case c, is smaller than cur's: a
// shorter input, or one as long that comes first byte by byte (for numbers
// of as many digits, the smaller numbers), or the same input at a point of
// the space nearer the low ends (which narrows the seeds tried next). Lower
// parameters alone are not enough: a generator may make a larger input at
// a lower bound.
func smaller(input []byte, c Case, cur *Failure) bool {
	if len(input) != len(cur.Input) {
		return len(input) < len(cur.Input)
	}
	if d := bytes.Compare(input, cur.Input); d != 0 {
		return d < 0
	}
	var lower, higher bool
	for i := range c.Values {
		lower = lower || c.Values[i] < cur.Case.Values[i]
		higher = higher || c.Values[i] > cur.Case.Values[i]
	}
	return lower && !higher
}

func key(c Case) string {
	var b strings.Builder
	fmt.Fprint(&b, c.Seed)
	for _, v := range c.Values {
		fmt.Fprint(&b, " ", v)
	}
	return b.String()
}

func (s *Stress) stoppedShort(ctx context.Context, st ShrinkStats) string {
	switch {
	case ctx.Err() != nil:
		return "interrupted while shrinking: a smaller input may still fail"
	case st.Tries >= s.shrinkTries():
		return fmt.Sprintf("the %d shrinking tries ran out: a smaller input may still fail", s.shrinkTries())
	}
	return fmt.Sprintf("the shrinking time (%v of the programs' CPU time, or %v of wall-clock time) ran out: a smaller input may still fail", s.shrinkTime(), shrinkWallFactor*s.shrinkTime())
}
