package props

// The predicates on verdicts that check and stress share, in one place:
// which verdicts a loaded machine can cause, and so are confirmed by a run
// alone before they count (Confirmable), and which say the run ran out of
// its time (OutOfTime): for a solver a verdict (never shrunk: each try
// would cost the whole limit), for a brute force or a referee no fault,
// only an input it cannot judge. Whether a verdict that did not recur
// alone is the program's own is SolversOwn.

// OutOfTime reports whether v is a time or an idleness limit.
func (v Verdict) OutOfTime() bool { return v == TimeLimit || v == IdleLimit }

// Confirmable reports whether v is one a busy machine can cause — a time
// or idleness limit, a crash, an output cut short — and so is confirmed by
// running the input again with no other program of the run running before
// it counts.
func (v Verdict) Confirmable() bool { return v.OutOfTime() || v == Crash || v == OutputFormat }
