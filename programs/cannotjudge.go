package programs

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// "Cannot judge" is a protocol (issue 30 part 4, docs/programs.md): a
// brute force or a referee says that an input is outside what it judges
// (n too big for it, a shape it does not play) by exiting with
// CannotJudgeStatus, or by printing a first line that starts with
// CannotJudgeLine (a reason may follow). The case is then not judged by
// that program — counted and named, as an input it ran out of time on —
// never a crash, and never anyone's fault: the other program judges it
// alone, or nobody does (Result.NotJudged; check: not judged, as an
// analyst's props.ErrCannotJudge).

// CannotJudgeStatus is the exit status by which a brute force or a referee
// says that it cannot judge its input: 77, the status automake's test
// harness reads as "skipped, this does not apply here", which no program
// exits with by accident (a crash is 1, 134, 139; testlib's are 0 to 7).
const CannotJudgeStatus = 77

// CannotJudgeLine starts the first line of a brute force's or a referee's
// stdout that says it cannot judge its input; the rest of the line, after
// an optional ':', is the reason: "cannot judge: n = 40 > 12".
const CannotJudgeLine = "cannot judge"

// declined reports whether a run of a program in role said it cannot judge
// its input, and why: only a brute force and a referee may, and only by an
// exit of their own, within their limits.
func declined(role Role, res props.RunResult) (why string, ok bool) {
	if role != RoleBrute && role != RoleReferee || !res.Exited() || res.StdoutDropped > 0 {
		return "", false
	}
	first, _, _ := strings.Cut(strings.TrimLeft(string(res.Stdout), " \t\r\n"), "\n")
	first = strings.TrimSpace(first)
	if rest, found := strings.CutPrefix(first, CannotJudgeLine); found {
		if why = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":")); why == "" {
			why = "no reason given"
		}
		return why, true
	}
	if res.ExitCode == CannotJudgeStatus {
		why = fmt.Sprintf("exit status %d", CannotJudgeStatus)
		if t := strings.TrimSpace(res.StderrTail); t != "" {
			why += ": " + lastLine(t)
		}
		return why, true
	}
	return "", false
}

// lastLine is the last line of s.
func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[i+1:])
	}
	return s
}

// saysNothing reports whether a brute force's or a referee's fault f says
// nothing of the input: a time or idleness limit (the brute force is for
// small inputs; an input too big to simulate), or an input it declared it
// cannot judge (declined). Neither is a fault: only an input it cannot
// judge.
func saysNothing(f *Fault) bool {
	return f != nil && (f.Declined || f.Verdict.OutOfTime())
}

// why says why a program said nothing of an input (saysNothing), after
// its name: "ran out of time (time limit)", "cannot judge this input
// (n = 40 > 12)".
func (f *Fault) why() string {
	if f.Declined {
		return fmt.Sprintf("cannot judge this input (%s)", f.Detail)
	}
	return fmt.Sprintf("ran out of time (%s)", f.Verdict)
}

// sayNothingError is the error of a program (who) that said nothing of an
// input (saysNothing), for the commands of a programs game: it wraps
// props.ErrOutOfTime for a limit, props.ErrCannotJudge for an input the
// program declined.
func sayNothingError(who string, f *Fault) error {
	if f.Declined {
		return fmt.Errorf("%s %s: %w", who, f.why(), props.ErrCannotJudge)
	}
	return fmt.Errorf("%s ran out of time (%s; --program-timeout): %w", who, f.Verdict, props.ErrOutOfTime)
}
