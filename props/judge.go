package props

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/chancecheck/chancecheck/answer"
)

// Judge is how a solver's output is read and when its answer counts as
// right; every Game is one (its AnswerRule, or for a float Spec.ParseAnswers,
// Tolerance and Agrees). Answers are answer.Values of the game's kind, so
// an exact answer is compared as itself, never through a float64.
type Judge interface {
	ParseAnswers(out []byte, n int) ([]answer.Value, error)
	Agrees(ours Solution, theirs answer.Value, fullPrecision bool) bool
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

// DefaultTolerance is the judge's rule of a game whose Spec leaves
// Tolerance zero: 1e-6, absolute or relative (answer.DefaultTolerance).
const DefaultTolerance = answer.DefaultTolerance

// Tolerance is a checker's rule for a real-valued answer: accepted when
// |theirs − ours| ≤ Abs, or ≤ Rel·|ours|; the zero Tolerance is
// DefaultTolerance absolute or relative. It is answer.Tolerance, the
// answer package's rule for its float kind.
type Tolerance = answer.Tolerance

// OneNumber is the line rule of most output formats for ParseAnswerLines:
// the line is one number.
func OneNumber(_ int, fields []string) (num, complaint string) {
	if len(fields) != 1 {
		return "", fmt.Sprintf("%d fields, want one number", len(fields))
	}
	return fields[0], ""
}

// decimalNumber is what a contest checker reads as a number: optional sign,
// digits with an optional point, optional exponent. No "nan", "inf", hex,
// underscores or trailing garbage. Compiled on first use: solve reads no
// answers.
var decimalNumber = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
})

// parseNumber reads one answer strictly; the message says why it is not one.
func parseNumber(s string) (float64, string) {
	if !decimalNumber().MatchString(s) {
		return 0, fmt.Sprintf("%q is not a decimal number", clipText(s))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Sprintf("%q is not a finite number", clipText(s))
	}
	return v, ""
}

// ParseAnswerLines splits out into lines (ignoring trailing blank lines and
// carriage returns), requires exactly n, and reads one number from each with
// pick, which is given the line's index (from 0) and its fields and returns
// the number's text or a complaint about the line. A number is what a
// contest checker reads: decimal, finite, nothing glued to it. Every
// problem is a *FormatError.
func ParseAnswerLines(out []byte, n int, pick func(i int, fields []string) (num, complaint string)) ([]float64, error) {
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

func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
