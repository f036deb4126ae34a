package props

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync"
)

// Climbing (issue 31): part of the search draws boards near the best so
// far for each target (Target) instead of uniform ones, so that a rising
// error score becomes a wrong answer, a rising CPU time a time limit, a
// rising memory peak a memory limit. Targeted property-based testing
// (Löscher and Sagonas, ISSTA 2017) climbs a user's metric the same way.
//
// Which inputs climb. Every other generated input from the climbLag-th on
// is a climbing slot; the rest are the uniform stream, which keeps
// running: a board's number still fixes it (generated board k is drawn
// from sub-seed k), and a slot that climbs leaves its numbers' uniform
// boards undrawn. So climbing takes at most half of the inputs, never all.
// The targets still climbing take the slots in turn — a target is still
// climbing until climbStale of its inputs in a row found no new best, or,
// for time and memory, whose climbed inputs hold one board each, until
// climbSingles of them did where a uniform input holds a batch (a run of
// one board costs a batch's twentieth: as many tries for the work) — and
// once none is, one slot in climbIdleEvery climbs: more while climbing
// pays. Where an input holds one board (jenga), climbing would take half
// of the boards: it gives up as soon as for the error score.
//
// Determinism. What slot k does is planned when generated input
// k−climbLag is judged, from what the inputs up to it gave, taken in
// their order (judge): the plan does not depend on when results came in,
// nor on Jobs. A slot's worker waits for its plan. The boards of a
// climbing input are drawn from the plan and the slot's number alone
// (climbDraw). Error scores depend on the boards and the solver's answers
// alone, so climbing the error score repeats exactly for the same seed;
// CPU times and memory peaks are measurements, so the boards climbed
// toward them repeat only as far as the measurements rank the same.

const (
	climbLag       = 8    // inputs between the one a plan is made on and the slot it plans
	climbPool      = 5    // best boards kept per target
	climbStale     = 3    // inputs climbed toward a target without a new best before climbing it slows down
	climbSingles   = 60   // the same for one-board climbs where a uniform input holds a batch: each costs a twentieth of one
	climbIdleEvery = 8    // then one slot in this many climbs
	climbGain      = 1.05 // a measured target's new best beats the best so far by this factor: noise is no climb
)

// Measured targets. CPU time and memory peaks are a run's, not a board's:
// a uniform input runs a batch of boards in one process, and the one slow
// board of a batch of 20 is not known. So a batch among a measured
// target's best is narrowed before it is climbed from: a slot re-runs the
// first half of its boards as they are (climbPlan.narrow), the half's own
// figure is measured, the other half's inferred (CPU time adds up over
// boards: the batch's less the half's; a peak does not: the batch's, when
// the half's is clearly lower), and both replace the batch among the best.
// Some five narrowings take a batch of 20 to its one slow board, which
// single-board climbs then start from. A board's CPU time is its run's
// less the solver's start-up (climber.base: the least CPU time of any run
// so far), shared among the run's boards: else every one-board run would
// rank above every batch for its start-up alone.

// climbEntry is one of a target's best inputs: its figure as measured
// (the error score, the run's CPU seconds, its peak bytes) and its boards
// (one for an error score; one, or a batch not narrowed yet, for time or
// memory).
type climbEntry struct {
	raw       float64
	cases     []*climbParent
	narrowing bool // a slot is re-running its first half
}

// climbParent is a board that can be climbed from: its case, and the
// choices that draw it, found once (climbDraw).
type climbParent struct {
	gc      genCase
	once    sync.Once
	choices []uint64 // nil: no choices draw it (it is no parent)
	used    int      // how many of choices the generator reads
}

// climbPlan is what a slot does: climb toward target from parents (a
// snapshot of its best), boards boards, or re-run the first boards boards
// of narrow as they are; none is zero: the uniform stream.
type climbPlan struct {
	target  Target
	parents []*climbEntry
	boards  int
	narrow  *climbEntry
}

// climber keeps each target's best inputs and plans the slots.
type climber struct {
	targets []Target
	pools   map[Target][]*climbEntry
	stale   map[Target]int
	base    float64 // the least CPU seconds of a run so far (-1: none yet)
	slots   int     // slots planned
	climbs  int     // of them, those that climb
	planned map[int]climbPlan

	mu    sync.Mutex
	plans map[int]chan climbPlan // by generated input
}

func newClimber(t Target) *climber {
	return &climber{targets: t.Each(), pools: map[Target][]*climbEntry{}, stale: map[Target]int{}, base: -1,
		planned: map[int]climbPlan{}, plans: map[int]chan climbPlan{}}
}

// slot reports whether generated input k is a climbing slot.
func (cl *climber) slot(k int) bool { return cl != nil && k >= climbLag && k%2 == 1 }

// plan waits for slot k's plan.
func (cl *climber) plan(ctx context.Context, k int) (climbPlan, error) {
	select {
	case p := <-cl.planChan(k):
		return p, nil
	case <-ctx.Done():
		return climbPlan{}, context.Cause(ctx)
	}
}

func (cl *climber) planChan(k int) chan climbPlan {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	ch, ok := cl.plans[k]
	if !ok {
		ch = make(chan climbPlan, 1)
		cl.plans[k] = ch
	}
	return ch
}

// take learns from generated input k's result, in the inputs' order, and
// plans slot k+climbLag.
func (cl *climber) take(k int, r inputResult, batch int) {
	if cl == nil {
		return
	}
	plan := cl.planned[k]
	delete(cl.planned, k)
	if f := r.figures; f != nil && f.run != nil && len(r.cases) == len(f.run.scores) {
		climbed := len(r.cases) > 0 && r.cases[0].climbed != nil
		var toward Target
		if climbed {
			toward = r.cases[0].climbed.Target
		}
		if cpu := f.run.cpu.Seconds(); cpu > 0 && (cl.base < 0 || cpu < cl.base) {
			cl.base = cpu
		}
		better := map[Target]bool{}
		for _, t := range cl.targets {
			switch t {
			case ClimbError:
				for i, s := range f.run.scores {
					if s > 0 && !math.IsInf(s, 1) && cl.offer(t, s, r.cases[i:i+1]) {
						better[t] = true
					}
				}
			case ClimbTime:
				better[t] = cl.offerMeasured(t, f.run.cpu.Seconds(), r.cases, plan)
			case ClimbMemory:
				better[t] = cl.offerMeasured(t, float64(f.run.peak), r.cases, plan)
			}
		}
		for _, t := range cl.targets {
			switch {
			case better[t]:
				cl.stale[t] = 0
			case climbed && t == toward:
				cl.stale[t] += len(r.cases) // boards tried
			}
		}
	}
	if plan.narrow != nil {
		plan.narrow.narrowing = false // its result is in, or never will be
	}
	if next := k + climbLag; cl.slot(next) {
		p := cl.decide(batch)
		if p.target != 0 {
			cl.planned[next] = p
		}
		cl.planChan(next) <- p
	}
}

// score is entry e's figure for target t: for CPU time, its boards' share
// of the run's time past the solver's start-up.
func (cl *climber) score(t Target, e *climbEntry) float64 {
	if t == ClimbTime {
		return max(0, e.raw-max(0, cl.base)) / float64(len(e.cases))
	}
	return e.raw
}

// best is target t's best score so far (0: none).
func (cl *climber) best(t Target) float64 {
	if pool := cl.sorted(t); len(pool) > 0 {
		return cl.score(t, pool[0])
	}
	return 0
}

// offerMeasured offers a run's CPU time or memory peak (raw) for target
// t; plan is the slot's, which for a narrowing of t also offers the other
// half, inferred, and takes the batch out. It reports whether a new best
// was found, by more than noise (climbGain).
func (cl *climber) offerMeasured(t Target, raw float64, cases []genCase, plan climbPlan) bool {
	if raw <= 0 {
		return false
	}
	best, better := cl.best(t), false
	if n := plan.narrow; n != nil && plan.target == t {
		cl.remove(t, n)
		if rest := n.cases[min(len(cases), len(n.cases)):]; len(rest) > 0 {
			restRaw := 0.0
			switch t {
			case ClimbTime: // CPU time adds up: the batch's less the half's, with one start-up
				restRaw = n.raw - raw + max(0, cl.base)
			case ClimbMemory: // a peak does not: the batch's, when the half's is clearly lower
				if raw < n.raw/climbGain {
					restRaw = n.raw
				}
			}
			if other := (&climbEntry{raw: restRaw, cases: rest}); restRaw > 0 && cl.insert(t, other) && cl.score(t, other) > best*climbGain {
				better = true
			}
		}
	}
	e := &climbEntry{raw: raw}
	for _, gc := range cases {
		e.cases = append(e.cases, &climbParent{gc: gc})
	}
	return cl.insert(t, e) && cl.score(t, e) > best*climbGain || better
}

// offer puts an input's figure among target t's best, if it is; it
// reports whether it was.
func (cl *climber) offer(t Target, score float64, cases []genCase) bool {
	e := &climbEntry{raw: score}
	for _, gc := range cases {
		e.cases = append(e.cases, &climbParent{gc: gc})
	}
	return cl.insert(t, e)
}

// insert puts e among target t's best, if it is, after those it ties;
// it reports whether it was.
func (cl *climber) insert(t Target, e *climbEntry) bool {
	pool := append(cl.sorted(t), e)
	s := cl.score(t, e)
	i := len(pool) - 1
	for i > 0 && s > cl.score(t, pool[i-1]) {
		pool[i] = pool[i-1]
		i--
	}
	pool[i] = e
	cl.pools[t] = pool[:min(len(pool), climbPool)]
	return i < climbPool
}

// remove takes e out of target t's best.
func (cl *climber) remove(t Target, e *climbEntry) {
	pool := cl.pools[t][:0]
	for _, x := range cl.pools[t] {
		if x != e {
			pool = append(pool, x)
		}
	}
	cl.pools[t] = pool
}

// sorted is target t's best, ordered by their scores now: a CPU time's
// falls as the start-up measured falls. The order is stable.
func (cl *climber) sorted(t Target) []*climbEntry {
	pool := cl.pools[t]
	slices.SortStableFunc(pool, func(a, b *climbEntry) int { return cmp.Compare(cl.score(t, b), cl.score(t, a)) })
	return pool
}

// decide plans the next slot. The error score and the measured targets
// (CPU time, memory) take the slots in turn, each group its own, so that
// what the error score climbs — and when — depends on error scores alone,
// never on how a measurement went. Within a group the targets still
// climbing take turns, among those with boards to climb from; once none
// is, one of the group's slots in climbIdleEvery climbs (pick). A slot
// the error score cannot use (nothing to climb from, or gone stale and
// not its idle turn) goes to the measured targets: what they climb
// depends on measurements anyway. A measured target's best batch is
// narrowed before it is climbed from.
func (cl *climber) decide(batch int) climbPlan {
	cl.slots++
	var groups [][]Target
	for _, g := range [][]Target{{ClimbError}, {ClimbTime, ClimbMemory}} {
		var asked []Target
		for _, t := range g {
			if slices.Contains(cl.targets, t) {
				asked = append(asked, t)
			}
		}
		if len(asked) > 0 {
			groups = append(groups, asked)
		}
	}
	if len(groups) == 0 {
		return climbPlan{}
	}
	g := cl.slots % len(groups)
	t, ok := cl.pick(groups[g], cl.slots/len(groups), batch)
	if !ok && g == 0 && len(groups) == 2 && groups[0][0] == ClimbError {
		// A slot the error score has no use for goes to the measured
		// targets: their boards depend on measurements anyway.
		t, ok = cl.pick(groups[1], cl.slots, batch)
	}
	if !ok {
		return climbPlan{}
	}
	cl.climbs++
	pool := cl.sorted(t)
	if t != ClimbError && len(pool[0].cases) > 1 && !pool[0].narrowing {
		pool[0].narrowing = true
		return climbPlan{target: t, narrow: pool[0], boards: (len(pool[0].cases) + 1) / 2}
	}
	p := climbPlan{target: t, parents: append([]*climbEntry(nil), pool...), boards: 1}
	if t == ClimbError {
		p.boards = batch // error scores are each board's: a batch is judged board by board
	}
	return p
}

// pick is the target of group that climbs on the group's turn-th slot:
// the targets still climbing (staleAfter) take turns, among those with
// boards to climb from; once none is, one turn in climbIdleEvery climbs.
func (cl *climber) pick(group []Target, turn, batch int) (Target, bool) {
	var ready, fresh []Target
	for _, t := range group {
		if len(cl.pools[t]) > 0 {
			ready = append(ready, t)
			if cl.stale[t] < staleAfter(t, batch) {
				fresh = append(fresh, t)
			}
		}
	}
	switch {
	case len(fresh) > 0:
		return fresh[turn%len(fresh)], true
	case len(ready) > 0 && turn%climbIdleEvery == 0:
		return ready[turn/climbIdleEvery%len(ready)], true
	}
	return 0, false
}

// staleAfter is how many boards climbed toward t in a row without a new
// best make it stale, inputs of batch boards: climbStale inputs' worth,
// or climbSingles one-board climbs of a measured target where an input
// holds a batch.
func staleAfter(t Target, batch int) int {
	if t == ClimbError || batch == 1 {
		return climbStale * batch
	}
	return climbSingles
}
