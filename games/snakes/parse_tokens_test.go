package snakes

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// parseWithTokens is the parser as it was before the Scanner, over
// textio.Read's Tokens: the reference the Scanner-based ParseUpTo must
// match board for board and error for error.
func parseWithTokens(r io.Reader, file string, maxCases int) ([]Board, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	if toks.Done() {
		return nil, toks.Errorf(0, "empty input: expected T, the number of cases")
	}
	t, _, err := toks.Int("T (the number of cases)", 1, maxCases)
	if err != nil {
		return nil, err
	}
	// A case that reads well but breaks a rule does not stop the parse, so
	// that every broken case is named; a malformed token does.
	boards := make([]Board, 0, t)
	var broken []error
	for i := range t {
		b, err := parseCaseWithTokens(toks, i+1, t)
		var rule *ruleError
		switch {
		case errors.As(err, &rule):
			broken = append(broken, rule.err)
		case err != nil:
			return nil, errors.Join(append(broken, err)...)
		}
		boards = append(boards, b)
	}
	if len(broken) > 0 {
		return nil, errors.Join(broken...)
	}
	if err := toks.End(fmt.Sprintf("the last of the %d cases T announced", t)); err != nil {
		return nil, err
	}
	return boards, nil
}

func parseCaseWithTokens(toks *textio.Tokens, c, t int) (Board, error) {
	if toks.Done() {
		return Board{}, toks.Errorf(toks.Line(), "T says %d cases but the input ends after %d", t, c-1)
	}
	n, nTok, err := toks.Int("n (the number of snakes and ladders)", 0, Cells-2)
	if err != nil {
		return Board{}, err
	}
	b := Board{Jumps: make([]Jump, n)}
	lines := make([]int, n)
	for i := range n {
		from, tok, err := toks.Int("a (a jump's start)", 1, Cells)
		if err != nil {
			return Board{}, err
		}
		to, _, err := toks.Int("b (a jump's end)", 1, Cells)
		if err != nil {
			return Board{}, err
		}
		b.Jumps[i], lines[i] = Jump{From: from, To: to}, tok.Line
	}
	if err := b.Validate(); err != nil {
		var je *JumpError
		line := nTok.Line
		msg := err.Error()
		if errors.As(err, &je) {
			line, msg = lines[je.Index], je.Msg
		}
		return Board{}, &ruleError{toks.Errorf(line, "case %d: %s", c, msg)}
	}
	return b, nil
}

// FuzzParseMatchesTokens checks that ParseUpTo reads every input exactly as
// the Tokens-based parser did: the same boards, or the same error text.
func FuzzParseMatchesTokens(f *testing.F) {
	for _, s := range Samples() {
		f.Add(s.Input, 105)
	}
	f.Add("3\n\n1\n1 50\n\n0\n\n2\n5 50\n50 60\n", 105)
	f.Add("2\n\n1\n4x 42\n", 2)
	f.Add("1\r\n\r\n1\r\n+4 042\r\n", 1)
	f.Add("2\n\n0\n", 1)
	f.Add("1\n\n0\nextra\n", 105)
	f.Add("1\n\n2\n5\u00a050\n50 60", 105)
	f.Fuzz(func(t *testing.T, in string, maxCases int) {
		if diff := compareParsers(in, maxCases); diff != "" {
			t.Fatal(diff)
		}
	})
}

// compareParsers says how ParseUpTo and parseWithTokens differ on in, or "".
func compareParsers(in string, maxCases int) string {
	got, gotErr := ParseUpTo(strings.NewReader(in), "f.in", maxCases)
	want, wantErr := parseWithTokens(strings.NewReader(in), "f.in", maxCases)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		return fmt.Sprintf("error %v, want %v", gotErr, wantErr)
	}
	if gotErr != nil {
		return ""
	}
	if len(got) != len(want) {
		return fmt.Sprintf("%d boards, want %d", len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) { // nil and empty Jumps differ, as in JSON
			return fmt.Sprintf("board %d: %#v, want %#v", i+1, got[i], want[i])
		}
	}
	return ""
}

// TestParseMatchesTokensOnManyBoards compares the two parsers on one file
// of many boards of every shape Write produces, dense ones included.
func TestParseMatchesTokensOnManyBoards(t *testing.T) {
	var boards []Board
	for n := range Cells - 1 {
		var b Board
		for i := range n { // ladders from 2..n+1 to the cells above 50, no chains
			b.Jumps = append(b.Jumps, Jump{From: 2 + i, To: 100 - i%50})
		}
		if b.Validate() == nil {
			boards = append(boards, b)
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, boards); err != nil {
		t.Fatal(err)
	}
	if diff := compareParsers(buf.String(), RelaxedMaxCases); diff != "" {
		t.Fatal(diff)
	}
	if _, err := ParseUpTo(&buf, "many.in", RelaxedMaxCases); err != nil || len(boards) < 40 {
		t.Fatalf("%d boards: %v", len(boards), err)
	}
}

// BenchmarkParseManyBoards parses one file of 10,000 boards of 0..48
// ladders (about 1.5 MB) per op.
func BenchmarkParseManyBoards(b *testing.B) {
	var boards []Board
	for i := range 10_000 {
		var bd Board
		for k := range i % 49 { // ladders from 2..50 into 51..100, no chains
			bd.Jumps = append(bd.Jumps, Jump{From: 2 + k, To: 100 - k})
		}
		boards = append(boards, bd)
	}
	var buf bytes.Buffer
	if err := Write(&buf, boards); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseUpTo(bytes.NewReader(data), "b.in", RelaxedMaxCases); err != nil {
			b.Fatal(err)
		}
	}
}
