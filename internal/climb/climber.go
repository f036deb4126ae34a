package climb

import (
	"cmp"
	"context"
	"slices"
	"sync"
)

const (
	lag       = 8    // inputs between the one a plan is made on and the slot it plans
	poolSize  = 5    // best entries kept per target
	stale     = 3    // inputs climbed toward a target without a new best before climbing it slows down
	singles   = 60   // the same for one-board climbs where a uniform input holds a batch: each costs a twentieth of one
	idleEvery = 8    // then one slot in this many climbs
	gain      = 1.05 // a new best beats the best so far by this factor: noise is no climb

	// measuredShare bounds the solver's CPU time spent on inputs climbed
	// toward a measured target, against the uniform inputs' (the oracle's
	// time is not counted: a wall time, which would make the share depend
	// on the machine's load even where the solver's CPU time does not).
	// Such inputs are chosen to be slow, and one can cost as much as twenty
	// uniform ones. At 1 the uniform stream's solver runs at least half as
	// fast; at 0.5 the planted slow slip of props'
	// TestCrossCheckClimbFindsRareSlips timed out under 2 of seeds 1–8
	// within 4,000 boards, at 1 under 5, with no bound under 4.
	measuredShare = 1.0
)

// Entry is one of a target's best inputs: its figure as measured (the
// error score, the run's CPU seconds, its peak bytes) and its boards
// (one for an error score; one, or a batch not narrowed yet, for time or
// memory).
type Entry[P any] struct {
	raw       float64
	Parents   []P
	narrowing bool // a slot is re-running its first half
}

// Plan is what a slot does: climb toward Target from Parents (a snapshot
// of its best, best first), Boards boards, or re-run the first Boards
// boards of Narrow as they are; none is the zero Plan: the uniform
// stream.
type Plan[P any] struct {
	Target  Target
	Parents []*Entry[P]
	Boards  int
	Narrow  *Entry[P]
}

// Run is what the climber learns from one input judged: its boards, in
// the input's order, as parents to climb from; each board's error score
// (0: none; above 1, a wrong answer: not climbed from) and size (its
// bytes alone in the input format; nil or 0: not known); the solver's CPU
// seconds and peak bytes on the input (0: not measured); and the target
// its boards were climbed toward (0: uniform boards).
type Run[P any] struct {
	Parents []P
	Scores  []float64
	Sizes   []float64
	CPU     float64
	Peak    float64
	Toward  Target
}

// Climber keeps each target's best inputs and plans the slots. Take is
// called in the inputs' order, from one goroutine; Slot, SlotsBelow and
// Wait from any.
type Climber[P any] struct {
	targets []Target
	pools   map[Target][]*Entry[P]
	stale   map[Target]int
	base    float64 // the least CPU seconds of a run so far (-1: none yet)
	least   float64 // the smallest board's size so far (0: none yet)
	// uniformCost and measuredCost are the solver's CPU seconds on the
	// uniform inputs and on those climbed toward time or memory.
	uniformCost, measuredCost float64
	slots                     int // slots planned
	fallbacks                 int // slots the error score and size had no use for, given to the measured targets
	planned                   map[int]Plan[P]

	mu    sync.Mutex
	plans map[int]*slotPlan[P] // by input
}

// New is a climber toward targets t; nil when t is none: a nil Climber
// has no slots.
func New[P any](t Target) *Climber[P] {
	if t == 0 {
		return nil
	}
	return &Climber[P]{targets: t.Each(), pools: map[Target][]*Entry[P]{}, stale: map[Target]int{}, base: -1,
		planned: map[int]Plan[P]{}, plans: map[int]*slotPlan[P]{}}
}

// Slot reports whether input k (generated inputs numbered from 0) is a
// climbing slot: its plan comes from Wait.
func (cl *Climber[P]) Slot(k int) bool { return cl != nil && k >= lag && k%2 == 1 }

// SlotsBelow is how many of the inputs before k are climbing slots.
func (cl *Climber[P]) SlotsBelow(k int) int {
	if cl == nil || k <= lag {
		return 0
	}
	return k/2 - lag/2
}

// Inputs is how many inputs hold the first uniform inputs that are not
// slots, the slots among them included: a search whose slots are inputs
// of their own needs as many to run its uniform ones.
func (cl *Climber[P]) Inputs(uniform int) int {
	n := uniform
	for n-cl.SlotsBelow(n) < uniform {
		n++
	}
	return n
}

// Wait waits for slot k's plan, made when input k−lag is taken. A slot's
// plan may be waited for again: a search that restarts after a failure it
// settled runs its cancelled inputs again.
func (cl *Climber[P]) Wait(ctx context.Context, k int) (Plan[P], error) {
	sp := cl.slotPlan(k)
	select {
	case <-sp.made:
		return sp.plan, nil
	case <-ctx.Done():
		return Plan[P]{}, context.Cause(ctx)
	}
}

// Made reports whether slot k's plan is made: Wait would not wait.
func (cl *Climber[P]) Made(k int) bool { return cl != nil && cl.slotPlan(k).isMade() }

// slotPlan is slot k's plan, made or not yet.
func (cl *Climber[P]) slotPlan(k int) *slotPlan[P] {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	sp, ok := cl.plans[k]
	if !ok {
		sp = &slotPlan[P]{made: make(chan struct{})}
		cl.plans[k] = sp
	}
	return sp
}

// slotPlan is a slot's plan, set once before made is closed.
type slotPlan[P any] struct {
	made chan struct{}
	plan Plan[P]
}

func (sp *slotPlan[P]) isMade() bool {
	select {
	case <-sp.made:
		return true
	default:
		return false
	}
}

// Take learns from input k's run (nil: the solver did not run, or its
// figures do not cover the boards), in the inputs' order, and plans slot
// k+lag. batch is how many boards a uniform input holds.
func (cl *Climber[P]) Take(k int, r *Run[P], batch int) {
	if cl == nil {
		return
	}
	plan := cl.planned[k]
	delete(cl.planned, k)
	cl.mu.Lock()
	delete(cl.plans, k) // a taken input is never waited for again
	cl.mu.Unlock()
	if r != nil {
		if r.CPU > 0 && (cl.base < 0 || r.CPU < cl.base) {
			cl.base = r.CPU
		}
		switch r.Toward {
		case 0:
			cl.uniformCost += r.CPU
		case Time, Memory:
			cl.measuredCost += r.CPU
		}
		better := map[Target]bool{}
		for _, t := range cl.targets {
			switch t {
			case Error, Size:
				if cl.Slot(k) && (plan.Target == 0 || plan.Target.Measured()) {
					// What a measured target's slot held, and whether a
					// slot climbed at all, depends on measurements: the
					// error score and the size learn from the uniform
					// inputs and their own slots alone, so that their
					// climbs repeat for the same seed.
					break
				}
				if t == Size {
					better[t] = cl.offerSizes(r)
					break
				}
				best := cl.Best(t)
				for i, s := range r.Scores {
					if s > 0 && s <= 1 && cl.insert(t, &Entry[P]{raw: s, Parents: r.Parents[i : i+1]}) && s > best*gain {
						better[t] = true
					}
				}
			case Time:
				better[t] = cl.offerMeasured(t, r.CPU, r.Parents, plan)
			case Memory:
				better[t] = cl.offerMeasured(t, r.Peak, r.Parents, plan)
			}
		}
		for _, t := range cl.targets {
			switch {
			case better[t]:
				cl.stale[t] = 0
			case r.Toward != 0 && t == r.Toward:
				cl.stale[t] += len(r.Parents) // boards tried
			}
		}
	}
	if plan.Target != 0 && (r == nil || len(r.Parents) == 0) {
		// A slot that came to nothing — none of its boards replayed, or
		// none could be judged — found no new best: its target goes
		// stale as if its boards had been tried, else it would take its
		// group's every slot for ever. The plan, not a measurement,
		// says so.
		cl.stale[plan.Target] += max(1, plan.Boards)
	}
	if plan.Narrow != nil {
		plan.Narrow.narrowing = false // its result is in, or never will be
	}
	if next := k + lag; cl.Slot(next) {
		p := cl.decide(batch)
		if p.Target != 0 {
			cl.planned[next] = p
		}
		if sp := cl.slotPlan(next); !sp.isMade() {
			sp.plan = p
			close(sp.made)
		}
	}
}

// score is entry e's figure for target t: for CPU time, its boards' share
// of the run's time past the solver's start-up.
func (cl *Climber[P]) score(t Target, e *Entry[P]) float64 {
	if t == Time {
		return max(0, e.raw-max(0, cl.base)) / float64(len(e.Parents))
	}
	return e.raw
}

// Best is target t's best score so far (0: none): the error score, CPU
// seconds a board past the solver's start-up, or peak bytes.
func (cl *Climber[P]) Best(t Target) float64 {
	if cl == nil {
		return 0
	}
	if pool := cl.sorted(t); len(pool) > 0 {
		return cl.score(t, pool[0])
	}
	return 0
}

// offerSizes offers a run's boards by size. It reports whether one was
// larger than the largest so far or, for a run climbed toward size, as
// large: for size the limit is the goal, not a figure to pass, and a
// climb that keeps drawing boards at it is doing its work. A uniform
// board at the limit is no news: else a generator that often draws its
// largest boards would keep size climbing whatever its slots found.
func (cl *Climber[P]) offerSizes(r *Run[P]) bool {
	best, better := cl.Best(Size), false
	for i, s := range r.Sizes {
		if s <= 0 || i >= len(r.Parents) {
			continue
		}
		if cl.least == 0 || s < cl.least {
			cl.least = s
		}
		// A board as large as the largest goes before those it ties:
		// the climb walks along the limit, from the newest boards.
		cl.insertAt(Size, &Entry[P]{raw: s, Parents: r.Parents[i : i+1]}, true)
		if s > best || s == best && r.Toward == Size {
			better = true
		}
	}
	return better
}

// Measured reports whether t is a measured target (CPU time, memory),
// whose figures depend on the machine as well as the boards.
func (t Target) Measured() bool { return t == Time || t == Memory }

// offerMeasured offers a run's CPU time or memory peak (raw) for target
// t; plan is the slot's, which for a narrowing of t also offers the other
// half, inferred, and takes the batch out. It reports whether a new best
// was found, by more than noise (gain).
func (cl *Climber[P]) offerMeasured(t Target, raw float64, parents []P, plan Plan[P]) bool {
	if raw <= 0 {
		return false
	}
	best, better := cl.Best(t), false
	if n := plan.Narrow; n != nil && plan.Target == t {
		cl.remove(t, n)
		if rest := n.Parents[min(len(parents), len(n.Parents)):]; len(rest) > 0 {
			restRaw := 0.0
			switch t {
			case Time: // CPU time adds up: the batch's less the half's, with one start-up
				restRaw = n.raw - raw + max(0, cl.base)
			case Memory: // a peak does not: the batch's, when the half's is clearly lower
				if raw < n.raw/gain {
					restRaw = n.raw
				}
			}
			if other := (&Entry[P]{raw: restRaw, Parents: rest}); restRaw > 0 && cl.insert(t, other) && cl.score(t, other) > best*gain {
				better = true
			}
		}
	}
	e := &Entry[P]{raw: raw, Parents: parents}
	return cl.insert(t, e) && cl.score(t, e) > best*gain || better
}

// insert puts e among target t's best, if it is, after those it ties;
// it reports whether it was.
func (cl *Climber[P]) insert(t Target, e *Entry[P]) bool { return cl.insertAt(t, e, false) }

// insertAt is insert, with e before those it ties where tiesFirst.
func (cl *Climber[P]) insertAt(t Target, e *Entry[P], tiesFirst bool) bool {
	pool := append(cl.sorted(t), e)
	s := cl.score(t, e)
	i := len(pool) - 1
	for i > 0 && (s > cl.score(t, pool[i-1]) || tiesFirst && s == cl.score(t, pool[i-1])) {
		pool[i] = pool[i-1]
		i--
	}
	pool[i] = e
	cl.pools[t] = pool[:min(len(pool), poolSize)]
	return i < poolSize
}

// remove takes e out of target t's best.
func (cl *Climber[P]) remove(t Target, e *Entry[P]) {
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
func (cl *Climber[P]) sorted(t Target) []*Entry[P] {
	pool := cl.pools[t]
	slices.SortStableFunc(pool, func(a, b *Entry[P]) int { return cmp.Compare(cl.score(t, b), cl.score(t, a)) })
	return pool
}

// decide plans the next slot. The error score and the measured targets
// (CPU time, memory) take the slots in turn, each group its own, so that
// what the error score climbs — and when — depends on error scores alone,
// never on how a measurement went. Within a group the targets still
// climbing take turns, among those with boards to climb from; once none
// is, one of the group's slots in idleEvery climbs (pick). A slot the
// error score cannot use (nothing to climb from, or gone stale and not
// its idle turn) goes to the measured targets: what they climb depends on
// measurements anyway. A measured target's best batch is narrowed before
// it is climbed from.
func (cl *Climber[P]) decide(batch int) Plan[P] {
	cl.slots++
	var groups [][]Target
	for _, g := range [][]Target{{Error, Size}, {Time, Memory}} {
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
		return Plan[P]{}
	}
	g := cl.slots % len(groups)
	t, ok := cl.pick(groups[g], cl.slots/len(groups), batch)
	if !ok && g == 0 && len(groups) == 2 && !groups[0][0].Measured() {
		// A slot the error score and the size have no use for goes to
		// the measured targets: their boards depend on measurements
		// anyway.
		// Their own turn count: cl.slots is always even here, which
		// gave every such slot to the same measured target.
		t, ok = cl.pick(groups[1], cl.fallbacks, batch)
		cl.fallbacks++
	}
	if ok && t.Measured() && cl.measuredCost > measuredShare*cl.uniformCost {
		// The measured targets have spent their share of the solver's
		// time: this slot waits for the uniform stream to catch up.
		ok = false
	}
	if !ok {
		return Plan[P]{}
	}
	pool := cl.sorted(t)
	if t.Measured() && len(pool[0].Parents) > 1 && !pool[0].narrowing {
		pool[0].narrowing = true
		return Plan[P]{Target: t, Narrow: pool[0], Boards: (len(pool[0].Parents) + 1) / 2}
	}
	p := Plan[P]{Target: t, Parents: append([]*Entry[P](nil), pool...), Boards: 1}
	if !t.Measured() {
		p.Boards = batch // error scores and sizes are each board's: a batch is judged board by board
	}
	return p
}

// pick is the target of group that climbs on the group's turn-th slot,
// among those with boards to climb from: one turn in idleEvery goes to
// the targets gone stale (staleAfter), in turn, the others to those still
// climbing, in turn; a turn nobody takes climbs nothing. A stale target
// keeps its idle turns while another climbs on: the error score of a
// slow drift is not starved by a size that stays at its limit.
func (cl *Climber[P]) pick(group []Target, turn, batch int) (Target, bool) {
	var fresh, stalled []Target
	for _, t := range group {
		switch {
		case len(cl.pools[t]) == 0 || !cl.varies(t):
		case cl.stale[t] < staleAfter(t, batch):
			fresh = append(fresh, t)
		default:
			stalled = append(stalled, t)
		}
	}
	switch {
	case len(stalled) > 0 && turn%idleEvery == 0:
		return stalled[turn/idleEvery%len(stalled)], true
	case len(fresh) > 0:
		return fresh[turn%len(fresh)], true
	}
	return 0, false
}

// varies reports whether target t has something to climb: for size, a
// largest board clearly larger than the smallest (a game whose boards
// all have one size, such as a fixed deal of cards, has none).
func (cl *Climber[P]) varies(t Target) bool {
	return t != Size || cl.Best(Size) > cl.least*gain
}

// staleAfter is how many boards climbed toward t in a row without a new
// best make it stale, inputs of batch boards: stale inputs' worth, or
// singles one-board climbs of a measured target where an input holds a
// batch.
func staleAfter(t Target, batch int) int {
	if !t.Measured() || batch == 1 {
		return stale * batch
	}
	return singles
}
