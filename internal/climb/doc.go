// Package climb is the climber both searches share (issue 31): check's
// (props.CrossCheck, boards drawn by rapid) and stress's
// (programs.Stress, cases drawn by a generator program). Part of a search
// draws inputs near the best so far for each Target instead of uniform
// ones, so that a rising error score becomes a wrong answer, a rising CPU
// time a time limit, a rising memory peak a memory limit, and boards at
// the largest size meet a capacity or a short hash key. Targeted
// property-based testing (Löscher and Sagonas, ISSTA 2017) climbs a
// user's metric the same way. What an input near a parent is — rapid's
// choices nudged, a generator's parameters moved — is the search's; which
// inputs climb, toward what and from which parents is this package's.
//
// Which inputs climb. Every other input after the lag-th (numbered from
// 0: lag+1, lag+3, …) is a climbing slot (Climber.Slot); the rest are the
// uniform stream, which keeps running. So climbing takes at most half of the inputs, never all. What
// a slot that does not climb holds is the search's: check's slots are
// inputs of their own, empty then, so its uniform stream is the same with
// climbing as without (Climber.SlotsBelow, Climber.Inputs); a stress run's
// case i is a uniform case unless it climbs, so that Cases bounds it. The
// targets still climbing take the slots in turn — a target is still
// climbing until stale of its inputs in a row found no new best, or, for
// time and memory, whose climbed inputs hold one board each, until singles
// of them did where a uniform input holds a batch (a run of one board
// costs a batch's twentieth: as many tries for the work) — and once none
// is, one slot in idleEvery climbs: more while climbing pays. A slot that
// comes to nothing (no board replayed, none judged) counts its boards as
// tried. For size a climbed board as large as the largest so far is a new
// best (the limit is the goal, not a figure to pass; a uniform board must
// be larger), and size climbs only where the largest board is more than
// gain (5%) above the smallest.
//
// Determinism. What slot k does is planned when input k−lag is taken,
// from what the inputs up to it gave, taken in their order (Climber.Take):
// the plan does not depend on when results came in, nor on how many run
// at once. A slot's worker waits for its plan (Climber.Wait). Error scores
// and sizes depend on the inputs and the solver's answers alone, and they
// learn from the uniform inputs and their own slots alone (what a
// measured target's slot held, and whether a slot climbed at all, depends
// on measurements), so climbing the error score and the size repeats
// exactly for the same seed; CPU times and memory
// peaks are measurements, so the inputs climbed toward them repeat only as
// far as the measurements rank the same.
//
// Measured targets. CPU time and memory peaks are a run's, not a board's:
// a uniform input may run a batch of boards in one process, and the one
// slow board of a batch of 20 is not known. So a batch among a measured
// target's best is narrowed before it is climbed from: a slot re-runs the
// first half of its boards as they are (Plan.Narrow), the half's own
// figure is measured, the other half's inferred (CPU time adds up over
// boards: the batch's less the half's; a peak does not: the batch's, when
// the half's is clearly lower), and both replace the batch among the best.
// Some five narrowings take a batch of 20 to its one slow board, which
// single-board climbs then start from. A board's CPU time is its run's
// less the solver's start-up (the least CPU time of any run so far),
// shared among the run's boards: else every one-board run would rank
// above every batch for its start-up alone.
package climb
