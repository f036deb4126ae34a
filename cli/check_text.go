package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

func writeCheckText(w io.Writer, g props.Game, o checkOptions, res *props.Result, files *counterexampleFiles, closest closestFiles) {
	fmt.Fprintf(w, "limits: %s\n", o.limits())
	defer writeUnjudgedText(w, res)
	defer writeClosestText(w, o.closestLimits(), &res.Closest, closest)
	defer func() {
		if t := climbedText(res); t != "" && res.FirstBoard < 0 {
			fmt.Fprintf(w, "climbing: %s\n", strings.TrimPrefix(strings.TrimSuffix(t, ")"), " ("))
		}
	}()
	if sh := res.Shard; !sh.Whole() {
		fmt.Fprintf(w, "shard %d/%d: the generated boards k ≡ %d (mod %d) of %d%s; merge the shards' --json with 'check merge'\n",
			sh.Index, sh.Count, sh.Index-1, sh.Count, o.cases, map[bool]string{true: ", and the samples", false: ""}[sh.Index == 1])
	}
	if !res.Failed() && res.Interrupted {
		before := "every answer judged before agreed"
		if res.Samples+res.Generated == 0 {
			before = "no answer was judged"
		}
		fmt.Fprintf(w, "check %s: INTERRUPTED after %d sample board(s) and %d generated board(s)%s, seed %d%s, in %v: no verdict on the solver (%s)\n",
			g.Name(), res.Samples, res.Generated, o.asked(res), res.Seed, o.gen.said(), res.Elapsed.Round(time.Millisecond), before)
		fmt.Fprintf(w, "boards by kind: %s\n", classList(res.Classes))
		writeNotJudgedText(w, res)
		return
	}
	if !res.Failed() && res.Unconfirmed != nil {
		writeUnconfirmedText(w, g, o, res)
		return
	}
	if !res.Failed() && res.Samples+res.Generated == 0 && res.NotJudged > 0 {
		fmt.Fprintf(w, "check %s: NOTHING JUDGED: no oracle could judge any of the %d board(s), seed %d%s: no verdict on the solver\n",
			g.Name(), res.NotJudged, res.Seed, o.gen.said())
		writeNotJudgedText(w, res)
		return
	}
	if !res.Failed() && res.Samples+res.Generated == 0 && res.Cancelled > 0 {
		fmt.Fprintf(w, "check %s: NOTHING JUDGED: --time (%v) ran out with every input in progress, seed %d%s: no verdict on the solver\n",
			g.Name(), o.time, res.Seed, o.gen.said())
		writeNotJudgedText(w, res)
		return
	}
	if share := o.judgedShare(res); !res.Failed() && share.TooFew() {
		fmt.Fprintf(w, "check %s: TOO FEW JUDGED: %s: %d sample board(s) and %d generated board(s)%s, seed %d%s, in %v: no verdict on the solver\n",
			g.Name(), share, res.Samples, res.Generated, o.asked(res), res.Seed, o.gen.said(), res.Elapsed.Round(time.Millisecond))
		fmt.Fprintf(w, "boards by kind: %s\n", classList(res.Classes))
		writeNotJudgedText(w, res)
		return
	}
	if !res.Failed() {
		caveat := ""
		if n := len(res.NotReproduced); n > 0 {
			// Never an all-clear without its caveat on the same line.
			caveat = fmt.Sprintf(" (but %d input(s) ran out of time or were killed once, not when run again: see \"not reproduced\")", n)
		}
		above := ""
		if a := o.aboveFailAbove(res); a != nil {
			above = fmt.Sprintf("ABOVE --fail-above %g: the worst answer is %s, on %s; ", o.failAbove, a.ScoreText(res.Closest.Exact), a.Source)
		}
		fmt.Fprintf(w, "check %s: %severy answer agreed: %d sample board(s) and %d generated board(s)%s, seed %d%s, in %v%s\n",
			g.Name(), above, res.Samples, res.Generated, o.asked(res), res.Seed, o.gen.said(), res.Elapsed.Round(time.Millisecond), caveat)
		fmt.Fprintf(w, "boards by kind: %s\n", classList(res.Classes))
		writeOraclesText(w, res)
		writeNotJudgedText(w, res)
		writeCoverageText(w, res)
		return
	}
	defer writeNotJudgedText(w, res)
	defer writeCoverageText(w, res)
	f := res.First
	fmt.Fprintf(w, "check %s: %s on %s (seed %d%s)\n", g.Name(), strings.ToUpper(f.Verdict.String()), f.Source, res.Seed, o.gen.said())
	if st := res.Shrink; res.Found != nil {
		fmt.Fprintf(w, "shrunk by %s in %v (%d solver runs: %d steps of rapid's shrinking, then %d parts taken away) from a board of %d bytes to %d bytes\n",
			st.Method, st.Elapsed.Round(time.Millisecond), st.Runs, st.RapidSteps, st.SimplifierSteps, len(res.Found.Input), len(f.Input))
		switch {
		case st.CutShort:
			fmt.Fprintf(w, "shrinking was cut short: %s; a longer --shrink-time may shrink it further\n", st.Note)
		case st.Note != "":
			fmt.Fprintf(w, "(%s)\n", st.Note)
		}
		if in := string(res.Found.Input); len(in) <= maxFoundShown {
			fmt.Fprintf(w, "first found (%s):\n%s", res.Found.Source, ensureNewline(in))
		}
	} else if res.Shrink.Note != "" {
		fmt.Fprintf(w, "not shrunk: %s\n", res.Shrink.Note)
	} else if f == res.SampleFailure {
		fmt.Fprintf(w, "not shrunk: a published sample (no generated board failed in %d)\n", res.Generated)
	}
	fmt.Fprintf(w, "\ninput (%s):\n%s", files.In, ensureNewline(string(f.Input)))
	fmt.Fprintf(w, "\nour answer (%s):\n%s", files.Ans, ensureNewline(f.OursText))
	if x := f.ExactText(g); x != "" {
		fmt.Fprintf(w, "exact: %s\n", x)
	} else if r := f.Fraction(g); r != nil {
		fmt.Fprintf(w, "exact: %s\n", r.RatString())
	}
	if o := f.Oracle(); o != "" {
		fmt.Fprintf(w, "judged by: %s\n", o)
	}
	if !(f.Verdict.OutOfTime() || f.Verdict == props.Crash || f.Verdict == props.MemoryLimit) || f.Stdout != "" {
		fmt.Fprintf(w, "\nthe solver's output:\n%s", ensureNewline(f.Stdout))
	}
	if f.Detail != "" {
		fmt.Fprintf(w, "\n%s: %s\n", f.Verdict, f.Detail)
	}
	fmt.Fprintf(w, "\nreproduce: %s\n", o.reproduce(files.In))
	if res.SampleFailure != nil && res.SampleFailure != f {
		fmt.Fprintf(w, "also: %s on %s\n", res.SampleFailure.Verdict, res.SampleFailure.Source)
	}
	if o.keepGoing {
		// An input fails as a whole (a crash, a time limit): the count is
		// of inputs, which the reader must not take for boards.
		unit := ""
		if res.Batch > 1 {
			unit = fmt.Sprintf("; a generated input holds up to %d boards: --batch 1 counts boards", res.Batch)
		}
		fmt.Fprintf(w, "failing inputs by verdict: %s (of %d sample and %d generated boards%s)\n", verdictList(res.Counts), res.Samples, res.Generated, unit)
	}
	fmt.Fprintf(w, "boards by kind: %s (%d generated board(s) judged%s, in %v)\n", classList(res.Classes), res.Generated, o.asked(res), res.Elapsed.Round(time.Millisecond))
	if by := foundBy(res); by != "" {
		fmt.Fprintf(w, "found by: %s%s\n", by, climbedText(res))
	}
	writeOraclesText(w, res)
	if res.Interrupted {
		fmt.Fprintf(w, "interrupted after this failure was found: the counts are those before the interrupt\n")
	}
}

// askedBoards is how many generated boards the run was asked for (its
// shard's share of --cases); 0 when only --time bounds it.
func (o checkOptions) askedBoards(res *props.Result) int {
	if o.cases <= 0 {
		return 0
	}
	return res.Shard.Boards(o.cases)
}

// asked says, after the count of generated boards judged, how many were
// asked for when the run stopped before them: " of 100 asked (--time ran
// out)". A run that stops early says so in its verdict line (issue 21): it
// is no all-clear for the boards it never judged. "" when every board
// asked for was judged, or none was asked for (--time alone).
func (o checkOptions) asked(res *props.Result) string {
	asked := o.askedBoards(res)
	done := res.Generated + res.NotJudgedGenerated
	if asked == 0 || done >= asked {
		return ""
	}
	why := "--time ran out"
	switch {
	case res.Interrupted:
		why = "interrupted"
	case res.FirstBoard >= 0 && !o.keepGoing: // a sample's failure does not stop the search
		why = "stopped at the first failure"
	}
	return fmt.Sprintf(" of %d asked (%s)", asked, why)
}

// writeNotJudgedText prints the line of the boards no oracle could judge,
// when there were some: skipped, neither the solver's failure nor a pass.
func writeNotJudgedText(w io.Writer, res *props.Result) {
	if res.NotJudged == 0 {
		return
	}
	slow := ""
	if res.OverBoardTime > 0 {
		slow = fmt.Sprintf(", %d of them because the oracle ran past its per-board budget (--board-time)", res.OverBoardTime)
	}
	fmt.Fprintf(w, "not judged: %d board(s) that no oracle could judge (%d generated%s), skipped: not a failure of the solver, not a pass; the first: %s\n",
		res.NotJudged, res.NotJudgedGenerated, slow, res.NotJudgedReason)
	writeNeverJudged(w, res.NeverJudged())
}

// writeCoverageText prints the coverage table of a game with goals, and a
// line for each class the test finds under-covered.
//
//	coverage of 10000 generated boards (one-sided exact binomial test at the end of the run; false-alarm budget 1e-06 over 2 goals, 5e-07 each):
//	  class        boards   share   goal   p-value  verdict
//	  informative    2011   20.1%  ≥ 50%  <1e-300  UNDER-COVERED
//	  limits          210    2.1%   ≥ 1%   1       ok
func writeCoverageText(w io.Writer, res *props.Result) {
	if len(res.Coverage) == 0 {
		return
	}
	fmt.Fprintf(w, "coverage of %d generated boards (one-sided exact binomial test at the end of the run; false-alarm budget %.3g over %d goal(s), %.3g each):\n",
		res.Generated, res.CoverageAlpha, len(res.Coverage), res.Coverage[0].Alpha)
	width := len("class")
	for _, c := range res.Coverage {
		width = max(width, len(c.Class))
	}
	fmt.Fprintf(w, "  %-*s  %7s  %6s  %6s  %8s  %s\n", width, "class", "boards", "share", "goal", "p-value", "verdict")
	for _, c := range res.Coverage {
		verdict := c.Verdict.String()
		switch c.Verdict {
		case props.UnderCovered:
			verdict = strings.ToUpper(verdict)
		case props.TooFewBoards:
			verdict += fmt.Sprintf(" (it takes %d)", c.BoardsNeeded)
		}
		fmt.Fprintf(w, "  %-*s  %7d  %6s  %6s  %8s  %s\n", width, c.Class, c.Boards, percent(c.Share), "≥ "+percent(c.MinShare), pValue(c.PValue), verdict)
	}
	for _, c := range res.UnderCovered() {
		fmt.Fprintf(w, "under-covered: class %s: %d of %d generated boards (%s), goal at least %s: p = %s ≤ %.3g\n",
			c.Class, c.Boards, res.Generated, percent(c.Share), percent(c.MinShare), pValue(c.PValue), c.Alpha)
	}
}

// percent writes a share as a percentage with up to one decimal.
func percent(x float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", 100*x), ".0") + "%"
}

// pValue writes a p-value to three digits, or "<1e-300" below that.
func pValue(p float64) string {
	if p < 1e-300 {
		return "<1e-300"
	}
	return fmt.Sprintf("%.3g", p)
}

// maxFoundShown is the longest input, as first found before shrinking, that
// check's text output shows beside the shrunk one; --json always has it.
const maxFoundShown = 400

func classList(m map[string]int) string {
	if len(m) == 0 {
		return "none generated"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// writeOraclesText says what gave our answers (the game's analyst, the
// rules engine, the analyst checked by the engine), with the number of
// boards each judged, when anything but the game's own analyst did.
func writeOraclesText(w io.Writer, res *props.Result) {
	if len(res.Oracles) == 0 || len(res.Oracles) == 1 && res.Oracles[props.OwnAnalyst] > 0 {
		return
	}
	fmt.Fprintf(w, "boards by oracle: %s\n", classList(res.Oracles))
}

func verdictList(m map[props.Verdict]int) string {
	var parts []string
	for v := props.WrongAnswer; v <= props.LastVerdict; v++ {
		if m[v] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v, m[v]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func ensureNewline(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}

// writeUnjudgedText says what the check could not judge: inputs whose
// verdict did not recur when run alone, inputs cancelled when --time ran
// out, and beside a failure one they had seen, not confirmed.
func writeUnjudgedText(w io.Writer, res *props.Result) {
	if n := len(res.NotReproduced); n > 0 {
		fmt.Fprintf(w, "not reproduced: %d input(s) ran out of time or were killed from outside once, and were accepted when %s (neither a failure nor a pass: the machine's doing, a loaded machine):\n", n, props.CheckAlone.Phrase())
		for i, f := range res.NotReproduced {
			if i == maxNotReproducedShown {
				fmt.Fprintf(w, "  … and %d more (--json lists them all)\n", n-i)
				break
			}
			fmt.Fprintf(w, "  %s: %s: %s\n", f.Source, f.Verdict, strings.ReplaceAll(strings.TrimSpace(f.Detail), "\n", "\n    "))
		}
	}
	if res.Cancelled > 0 {
		fmt.Fprintf(w, "--time ran out with %d input(s) in progress: their solvers were killed and their analysts stopped, and they were not judged\n", res.Cancelled)
	}
	if u := res.Unconfirmed; u != nil && res.Failed() {
		fmt.Fprintf(w, "also seen, not confirmed: %s on %s (--time ran out while %s)\n", u.Verdict, u.Source, u.CutWhile)
	}
}

// writeUnconfirmedText reports a run that --time cut while it was
// confirming a failure it had seen (or with a failure not yet judged in its
// turn): NOT CONFIRMED, neither a pass nor a failure of the solver.
func writeUnconfirmedText(w io.Writer, g props.Game, o checkOptions, res *props.Result) {
	u := res.Unconfirmed
	fmt.Fprintf(w, "check %s: NOT CONFIRMED: %s seen on %s, seed %d%s, but --time (%v) ran out while %s: no verdict on the solver\n",
		g.Name(), strings.ToUpper(u.Verdict.String()), u.Source, res.Seed, o.gen.said(), o.time, u.CutWhile)
	before := "nothing judged before it"
	if res.Samples+res.Generated > 0 {
		before = fmt.Sprintf("every answer judged before it agreed: %d sample board(s) and %d generated board(s)%s", res.Samples, res.Generated, o.asked(res))
	}
	fmt.Fprintf(w, "%s, in %v; a longer --time would confirm it or clear it\n", before, res.Elapsed.Round(time.Millisecond))
	if in := string(u.Input); len(in) <= maxFoundShown {
		fmt.Fprintf(w, "\ninput:\n%s", ensureNewline(in))
	}
	if u.Detail != "" {
		fmt.Fprintf(w, "\n%s: %s\n\n", u.Verdict, u.Detail)
	}
	fmt.Fprintf(w, "boards by kind: %s\n", classList(res.Classes))
	writeNotJudgedText(w, res)
}

// maxNotReproducedShown is how many not-reproduced inputs the text output
// lists.
const maxNotReproducedShown = 5

// foundBy says which search found the first generated failure: "uniform",
// or "climbing toward" its target; "" when none failed.
func foundBy(res *props.Result) string {
	f := res.Found
	if f == nil {
		f = res.First
	}
	if res.FirstBoard < 0 || f == nil {
		return ""
	}
	return searchOf(f.Climbed)
}

// searchOf names the search that drew an input: "uniform", or "climbing
// toward" the target climbed (how non-nil).
func searchOf(how *props.Climbed) string {
	if how != nil {
		return "climbing toward " + how.Target.Goal()
	}
	return "uniform"
}

// climbedText says how many boards the climber drew besides the generated
// ones: " (56 boards climbed besides the 1234 generated: error 40, time
// 16)"; "" when none.
func climbedText(res *props.Result) string {
	return climbedShare(res.Climbed, func(n int) string { return fmt.Sprintf("%d boards climbed besides the %d generated", n, res.Generated) })
}

// climbedShare says how many inputs the climber drew, per target, the
// total n in total's words: " (56 of the 80 cases judged were climbed:
// error 40, time 16)"; "" when none.
func climbedShare(climbed map[props.Target]int, total func(n int) string) string {
	n := 0
	var parts []string
	for _, t := range props.ClimbAll.Each() {
		if k := climbed[t]; k > 0 {
			n += k
			parts = append(parts, fmt.Sprintf("%s %d", t, k))
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s: %s)", total(n), strings.Join(parts, ", "))
}
