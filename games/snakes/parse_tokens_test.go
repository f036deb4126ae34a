package snakes

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
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

// compareParsers says how ParseUpTo and parseWithTokens differ on in, or
// "": ParseUpTo as it is, and made to read every input in two halves.
func compareParsers(in string, maxCases int) string {
	want, wantErr := parseWithTokens(strings.NewReader(in), "f.in", maxCases)
	for _, halvesFrom := range []int{halvesFrom, 0} {
		got, gotErr := parseUpTo(strings.NewReader(in), "f.in", maxCases, halvesFrom)
		if diff := compareParses(got, gotErr, want, wantErr); diff != "" {
			return fmt.Sprintf("halves from %d bytes: %s", halvesFrom, diff)
		}
	}
	return ""
}

func compareParses(got []Board, gotErr error, want []Board, wantErr error) string {
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

// TestParseMatchesTokensOnManyBoards compares the two parsers on files of
// more cases than the validator takes at a time, valid ones and ones with
// broken cases and a malformed token in different hand-overs.
func TestParseMatchesTokensOnManyBoards(t *testing.T) {
	var boards []Board
	for i := range 1000 {
		var b Board
		for k := range i % 49 { // ladders from 2..50 into 51..100, no chains
			b.Jumps = append(b.Jumps, Jump{From: 2 + k, To: 100 - k})
		}
		if i%7 == 3 && i%49 > 0 && i%49 < 45 { // a wall of snakes to 1, below the ladders' ends; 2 -> 100 passes it
			for c := 50; c < 56; c++ {
				b.Jumps = append(b.Jumps, Jump{From: c, To: 1})
			}
		}
		boards = append(boards, b)
	}
	write := func(boards []Board) string {
		var buf bytes.Buffer
		if err := Write(&buf, boards); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	trapped := Board{Jumps: []Jump{{94, 3}, {95, 3}, {96, 3}, {97, 3}, {98, 3}, {99, 3}}}
	chained := Board{Jumps: []Jump{{5, 50}, {50, 60}}}
	broken := slices.Clone(boards)
	broken[10], broken[300], broken[700] = trapped, chained, trapped
	valid := write(boards)
	malformLast := func(in string) string { // the last case of no jumps (case 981) says "zero"
		i := strings.LastIndex(in, "\n\n0\n")
		return in[:i] + "\n\nzero\n" + in[i+len("\n\n0\n"):]
	}
	tests := []struct{ name, in string }{
		{"valid", valid},
		{"broken cases in three hand-overs", write(broken)},
		{"and a malformed token after them", malformLast(write(broken))},
		{"T larger than the cases", "1001" + strings.TrimPrefix(valid, "1000")},
	}
	for _, tt := range tests {
		if diff := compareParsers(tt.in, RelaxedMaxCases); diff != "" {
			t.Errorf("%s: %s", tt.name, diff)
		}
	}
	if got, err := ParseUpTo(strings.NewReader(valid), "many.in", RelaxedMaxCases); err != nil || len(got) != 1000 {
		t.Fatalf("%d boards: %v", len(got), err)
	}
	if _, err := ParseUpTo(strings.NewReader(write(broken)), "many.in", RelaxedMaxCases); err == nil || strings.Count(err.Error(), "\n") != 2 {
		t.Errorf("three broken cases: %v", err)
	}
	if _, err := ParseUpTo(strings.NewReader(malformLast(write(broken))), "many.in", RelaxedMaxCases); err == nil ||
		strings.Count(err.Error(), "\n") != 3 || !strings.Contains(err.Error(), `found "zero"`) {
		t.Errorf("three broken cases and a malformed token: %v", err)
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
	benchmarkParse(b, boards)
}

// BenchmarkParseOneBoard parses one board of ten jumps per op: the input
// a solver check, a shrinking step or a generated board writes and reads.
func BenchmarkParseOneBoard(b *testing.B) {
	var bd Board
	for k := range 10 { // ladders from 2..11 into 91..100, no chains
		bd.Jumps = append(bd.Jumps, Jump{From: 2 + k, To: 100 - k})
	}
	benchmarkParse(b, []Board{bd})
}

// benchmarkParse parses the file Write makes of boards, once per op.
func benchmarkParse(b *testing.B, boards []Board) {
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

// ruleError is a well-formed case that breaks a rule of the game.
type ruleError struct{ err *textio.Error }

func (e *ruleError) Error() string { return e.err.Error() }

// TestReadHalves checks that the two halves are read at once where the
// layout is Write's, and that a layout fooling the guess at the middle
// falls back to the one loop with the same result.
func TestReadHalves(t *testing.T) {
	boards := make([]Board, 500)
	for i := range boards {
		for k := range i % 30 {
			boards[i].Jumps = append(boards[i].Jumps, Jump{From: 2 + k, To: 99 - k})
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, boards); err != nil {
		t.Fatal(err)
	}
	written := buf.String()
	// One token a line and a blank line before every token: every line
	// looks like the start of a case, and most are not.
	fooling := strings.Join(strings.Fields(written), "\n\n") + "\n"
	tests := []struct {
		name   string
		in     string
		halves bool
	}{
		{"Write's layout", written, true},
		{"a blank line before every token", fooling, false},
		{"no blank lines", strings.ReplaceAll(written, "\n\n", "\n"), false},
	}
	for _, tt := range tests {
		sc := textio.ScanBytes([]byte(tt.in), "h.in")
		n, _, err := sc.Int("T", 1, RelaxedMaxCases)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := readHalves(sc, n)
		if ok != tt.halves {
			t.Errorf("%s: read in halves %v, want %v", tt.name, ok, tt.halves)
		}
		if want, _ := parseWithTokens(strings.NewReader(tt.in), "h.in", RelaxedMaxCases); ok && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the halves' boards differ", tt.name)
		}
		if diff := compareParsers(tt.in, RelaxedMaxCases); diff != "" {
			t.Errorf("%s: %s", tt.name, diff)
		}
	}
}
