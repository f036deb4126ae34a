package programs

import (
	"bytes"
	"fmt"
	"strconv"
)

// This file splits the output of a generator that writes t test cases
// itself (Stress.GeneratorWritesTests) into its cases: a count line, then
// t cases of as many lines each. chancecheck does not know the problem's
// input format, so a case is known by its lines alone: the lines after the
// count line split into t runs of equal length, or the output is the
// generator's fault. A validator (which reads one case) catches a split
// that divides evenly but wrongly, such as cases of 3 and 1 lines.

// writtenTest is one test case of a generator's output: its bytes, each
// line ending with a newline, and where its lines were (1-based, in the
// output, the count line being line 1).
type writtenTest struct {
	input       []byte
	first, last int
}

// splitTests splits a generator's output into its test cases. The error
// names the line and what was expected.
func splitTests(out []byte) ([]writtenTest, error) {
	text := bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n"))
	text = bytes.TrimRight(text, "\n")
	if len(bytes.TrimSpace(text)) == 0 {
		return nil, fmt.Errorf("it printed nothing: a count line t, then t test cases, was expected")
	}
	lines := bytes.Split(text, []byte("\n"))
	word := string(bytes.TrimSpace(lines[0]))
	t, err := strconv.Atoi(word)
	if err != nil || t < 1 {
		return nil, fmt.Errorf("line 1: %q: the count of test cases t (an integer, at least 1) was expected first (--generator-writes-tests)", clip(word))
	}
	rest := lines[1:]
	switch {
	case len(rest) == 0:
		return nil, fmt.Errorf("line 1 says %d test case(s), and nothing follows it", t)
	case len(rest) < t:
		return nil, fmt.Errorf("line 1 says %d test cases, but only %d line(s) follow it: fewer than one a case", t, len(rest))
	case len(rest)%t != 0:
		return nil, fmt.Errorf("line 1 says %d test cases, but the %d lines after it do not split into %d cases of as many lines each "+
			"(cases are split by lines, each case the same number of lines: --generator-writes-tests)", t, len(rest), t)
	}
	per := len(rest) / t
	tests := make([]writtenTest, t)
	for j := range tests {
		var b []byte
		for _, l := range rest[j*per : (j+1)*per] {
			b = append(append(b, l...), '\n')
		}
		tests[j] = writtenTest{input: b, first: 2 + j*per, last: 1 + (j+1)*per}
	}
	return tests, nil
}
