package props

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// The words of the closest calls, the same on every route: the CLI's
// check and stress print them, CheckSolver and gametest log them.

// ScoreText says c's error score against what measures it: "0.93 of the
// tolerance" (an exact kind's score, 0 or ∞, in words), or, for a
// referee's test, how far its p-value went toward its α.
func (c CloseCall) ScoreText(exact bool) string {
	if c.Against == AgainstReferee {
		if math.IsInf(c.Score, 1) {
			return fmt.Sprintf("rejected by the referee's test (p = 0 at α = %.3g)", c.Alpha)
		}
		return fmt.Sprintf("%.2f of the way to the referee's rejection (p = %.3g at α = %.3g; ln p / ln α)", c.Score, c.PValue, c.Alpha)
	}
	s := c.Score
	switch {
	case math.IsInf(s, 1) && exact:
		return "wrong (an exact answer: its error is 0 or ∞)"
	case math.IsInf(s, 1):
		return "∞ times the tolerance (only the exact value is accepted)"
	case s == 0:
		return "exact (0 of the tolerance)"
	case s >= 0.01:
		return fmt.Sprintf("%.2f of the tolerance", s)
	}
	return fmt.Sprintf("%.2g of the tolerance", s)
}

// OursText names the answer c's was judged against, with its value:
// "ours 0.25", "the brute force's 0.25", "the referee's mean 0.2512".
func (c CloseCall) OursText() string {
	switch c.Against {
	case AgainstBrute:
		return "the brute force's " + ValueText(c.Ours)
	case AgainstReferee:
		return "the referee's mean " + strconv.FormatFloat(c.Ours.Value, 'g', 6, 64)
	}
	return "ours " + ValueText(c.Ours)
}

// ErrorText is c as a board's closest call: "0.90 of the tolerance on
// generated board 17 (ours 0.25, theirs 0.2500009)".
func (c CloseCall) ErrorText(exact bool) string {
	return fmt.Sprintf("%s on %s (%s, theirs %s)", c.ScoreText(exact), c.Source, c.OursText(), strconv.FormatFloat(c.Theirs, 'g', -1, 64))
}

// SizeText is c as one of the largest boards judged: "size:   1234 bytes
// (the board alone, in the input format) on generated board 17".
func (c CloseCall) SizeText() string {
	return fmt.Sprintf("size:   %d bytes (the board alone, in the input format) on %s", len(c.Input), c.Source)
}

// ValueText is an answer to 12 significant digits, enough to see an error
// of a 1e-6 tolerance; an exact kind's answer as the exact value.
func ValueText(s Solution) string {
	if s.Exact.Exact != nil {
		return s.Exact.String()
	}
	return strconv.FormatFloat(s.Value, 'g', 12, 64)
}

// NoErrorText says why a run with answers scored has no error list: every
// one was exactly right. "" when there is a list, or nothing was scored.
func (c *Closest) NoErrorText() string {
	switch {
	case c.Scored == 0 || len(c.Error) > 0:
		return ""
	case c.Exact:
		return fmt.Sprintf("every answer of the %d judged exact (an exact answer's error is 0 or ∞, never between)", c.Scored)
	}
	return fmt.Sprintf("every answer of the %d judged exactly right (0 of the tolerance)", c.Scored)
}

// Lines are the closest calls as a log shows them, with no limits to
// measure against (a Go function's): "error: 0.90 of the tolerance on
// generated board 17 (ours 0.25, theirs 0.2500009)", "time: 1.2ms wall on
// sample1, case 2".
func (c *Closest) Lines() []string {
	var lines []string
	if t := c.NoErrorText(); t != "" {
		lines = append(lines, "error:  "+t)
	}
	for _, e := range c.Error {
		lines = append(lines, "error:  "+e.ErrorText(c.Exact))
	}
	for _, s := range c.Slowest {
		took := fmt.Sprintf("%v wall", s.Wall.Round(time.Microsecond))
		if s.CPU > 0 {
			took = fmt.Sprintf("%.2f s CPU", s.CPU.Seconds())
		}
		lines = append(lines, fmt.Sprintf("time:   %s on %s", took, s.Source))
	}
	for _, m := range c.Memory {
		lines = append(lines, fmt.Sprintf("memory: %d bytes peak on %s", m.Peak, m.Source))
	}
	for _, l := range c.Largest {
		lines = append(lines, l.SizeText())
	}
	return lines
}
