package props

// Running again alone is how check and stress tell a busy machine's doing
// from a program's, one policy for both: a run that ended with a verdict a
// busy machine can cause (Verdict.Confirmable: a time or idleness limit, a
// crash, an output cut short) is run again with no other solver of the run
// running (solverproc.Alone) before it counts, and the run alone decides
// (Rerun); both say it in the same words (AloneWords).

// RerunOutcome is what a fault run again alone turned out to be.
type RerunOutcome int

const (
	// Recurred: the fault recurs alone: confirmed, as the run alone saw it.
	Recurred RerunOutcome = iota + 1
	// RerunFlaky: it did not recur, but a machine does not make a program
	// crash by a signal of its own or print garbage (SolversOwn): the
	// program's all the same, the verdict Flaky.
	RerunFlaky
	// RerunClean: it did not recur, and was a time or idleness limit or a
	// kill from outside: the machine's doing, no fault; the run alone
	// stands, and is listed as not reproduced.
	RerunClean
)

// Rerun decides what a fault is, from the first run res, which ended with
// the verdict first, and whether the run again alone was accepted.
func Rerun(first Verdict, res RunResult, againAccepted bool) RerunOutcome {
	switch {
	case !againAccepted:
		return Recurred
	case SolversOwn(first, res):
		return RerunFlaky
	}
	return RerunClean
}

// AloneWords says a run again alone: Run names the run it was alone in
// ("check", or "run" for a stress run), Clean how a run that ended well is
// said there ("it was accepted", "it ended cleanly").
type AloneWords struct{ Run, Clean string }

// The words of check and of stress.
var (
	CheckAlone  = AloneWords{Run: "check", Clean: "it was accepted"}
	StressAlone = AloneWords{Run: "run", Clean: "it ended cleanly"}
)

// Phrase is "run again with no other solver of this RUN running".
func (w AloneWords) Phrase() string {
	return "run again with no other solver of this " + w.Run + " running"
}

// Confirmed is the line a fault that recurred (Recurred) is reported with,
// after the run alone's detail; first is the first run's verdict.
func (w AloneWords) Confirmed(first Verdict) string {
	return "\n(confirmed: " + w.Phrase() + "; the first run: " + first.String() + ")"
}

// Again says that the run alone ended well, with its usage.
func (w AloneWords) Again(again RunResult) string {
	return w.Phrase() + ", " + w.Clean + " (" + again.Usage() + ")"
}

// Flaky is the detail of a fault found flaky (RerunFlaky): what the first
// run saw (its verdict first and detail), and the run alone.
func (w AloneWords) Flaky(first Verdict, detail string, again RunResult) string {
	return "the first run: " + first.String() + ": " + detail + "\n" + w.Again(again)
}
