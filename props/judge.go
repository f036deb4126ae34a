package props

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Judge is a game's checker: how a solver's output is read and when its
// answer counts as right. Games that do not implement it are judged by
// PlainJudge (one number a line, 1e-6 absolute or relative).
type Judge interface {
	// ParseAnswers reads the n answers of one run's stdout in the game's
	// original output format. Anything but exactly n well-formed answers
	// is a *FormatError.
	ParseAnswers(out []byte, n int) ([]float64, error)
	// Agrees reports whether theirs is an accepted answer for a board whose
	// exact solution is ours. fullPrecision asks for the strict rule of a
	// solver that prints more digits than the statement asks for (games
	// whose statement asks for few digits; others ignore it).
	Agrees(ours Solution, theirs float64, fullPrecision bool) bool
}

// JudgeOf returns g's Judge, or PlainJudge when g has none.
func JudgeOf(g Game) Judge {
	if j, ok := g.(Judge); ok {
		return j
	}
	return PlainJudge{}
}

// FormatError is output that is not n answers in the original format: too
// few or too many lines, a field that is not a finite decimal number
// (NaN, Inf, -nan, a number glued to garbage), a wrong "Case i:" label.
type FormatError struct {
	Line int    // 1-based line of stdout, 0 when the problem is the whole output
	Msg  string // what is wrong
}

func (e *FormatError) Error() string {
	if e.Line == 0 {
		return "output: " + e.Msg
	}
	return fmt.Sprintf("output line %d: %s", e.Line, e.Msg)
}

// PlainJudge reads one number a line and accepts an error of 1e-6, absolute
// or relative: the rule of Colored Jenga (Codeforces 424E) and the default.
type PlainJudge struct{}

// ParseAnswers implements Judge.
func (PlainJudge) ParseAnswers(out []byte, n int) ([]float64, error) {
	return parseAnswerLines(out, n, func(_ int, fields []string) (string, string) {
		if len(fields) != 1 {
			return "", fmt.Sprintf("%d fields, want one number", len(fields))
		}
		return fields[0], ""
	})
}

// Agrees implements Judge.
func (PlainJudge) Agrees(ours Solution, theirs float64, _ bool) bool {
	return withinAbsOrRel(ours.Value, theirs, 1e-6)
}

// decimalNumber is what a contest checker reads as a number: optional sign,
// digits with an optional point, optional exponent. No "nan", "inf", hex,
// underscores or trailing garbage.
var decimalNumber = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// parseNumber reads one answer strictly; the message says why it is not one.
func parseNumber(s string) (float64, string) {
	if !decimalNumber.MatchString(s) {
		return 0, fmt.Sprintf("%q is not a decimal number", clipText(s))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Sprintf("%q is not a finite number", clipText(s))
	}
	return v, ""
}

// parseAnswerLines splits out into lines (ignoring trailing blank lines and
// carriage returns), requires exactly n, and reads one number from each with
// pick, which returns the number's text or a complaint about the line.
func parseAnswerLines(out []byte, n int, pick func(i int, fields []string) (num, complaint string)) ([]float64, error) {
	text := strings.ReplaceAll(string(out), "\r\n", "\n")
	lines := strings.Split(strings.TrimRight(text, "\n\t "), "\n")
	if len(lines) == 1 && strings.TrimSpace(lines[0]) == "" {
		lines = nil
	}
	if bytes.IndexByte(out, 0) >= 0 {
		return nil, &FormatError{Msg: "output holds a NUL byte"}
	}
	if len(lines) < n {
		return nil, &FormatError{Msg: fmt.Sprintf("%d answer line(s), want %d", len(lines), n)}
	}
	if len(lines) > n {
		return nil, &FormatError{Line: n + 1, Msg: fmt.Sprintf("%d answer lines, want %d", len(lines), n)}
	}
	values := make([]float64, n)
	for i, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			return nil, &FormatError{Line: i + 1, Msg: "empty line where an answer belongs"}
		}
		num, complaint := pick(i, fields)
		if complaint != "" {
			return nil, &FormatError{Line: i + 1, Msg: complaint}
		}
		v, complaint := parseNumber(num)
		if complaint != "" {
			return nil, &FormatError{Line: i + 1, Msg: complaint}
		}
		values[i] = v
	}
	return values, nil
}

// withinAbsOrRel is the usual checker rule: |a−b| ≤ tol, or ≤ tol·|want|.
func withinAbsOrRel(want, got, tol float64) bool {
	if math.IsNaN(got) || math.IsInf(got, 0) {
		return false
	}
	d := math.Abs(got - want)
	return d <= tol || d <= tol*math.Abs(want)
}

// withinAbs is the absolute rule: |a−b| ≤ tol.
func withinAbs(want, got, tol float64) bool {
	if math.IsNaN(got) || math.IsInf(got, 0) {
		return false
	}
	return math.Abs(got-want) <= tol
}

func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
