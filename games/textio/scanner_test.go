package textio

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scannerInputs are inputs whose splitting is easy to get wrong: line
// breaks of both kinds, a missing last line break, blank lines, Unicode
// white space (U+00A0, U+2003), invalid UTF-8, signs, overflow.
var scannerInputs = []string{
	"",
	"\n",
	"3\r\n\n 7 x\n",
	"1 2\n\n3\n",
	"1 2\n\n3",
	"\r\n\r\n",
	"a\r",
	"a\n\r",
	"12\u00a034\u2003-5\n+6 07\n",
	"\xff1 2\xc2\n",
	"99999999999999999999 -9223372036854775808 9223372036854775807 123456789012345678\n",
	"+ - 1_000 0x10 1e3\n",
	"\v\f\t5\n",
}

// TestScannerMatchesTokens checks the Scanner against Read's Tokens on
// every input above: the same tokens on the same lines, the same values
// and errors from Int, and the same errors at the end.
func TestScannerMatchesTokens(t *testing.T) {
	for _, in := range scannerInputs {
		if diff := compareScanner(in); diff != "" {
			t.Errorf("%q: %s", in, diff)
		}
	}
}

// compareScanner reads in with Tokens and with a Scanner, by Next, by Int
// and by lines, and says how they differ; "" when they agree.
func compareScanner(in string) string {
	toks, err := Read(strings.NewReader(in), "a.in")
	if err != nil {
		return err.Error()
	}
	sc, err := NewScanner(strings.NewReader(in), "a.in")
	if err != nil {
		return err.Error()
	}
	if sc.Lines() != len(toks.Lines) {
		return fmt.Sprintf("Lines() = %d, Tokens has %d", sc.Lines(), len(toks.Lines))
	}
	for i := 0; ; i++ {
		if toks.Done() != sc.Done() || toks.Line() != sc.Line() {
			return fmt.Sprintf("before token %d: Done %v/%v, Line %d/%d", i, toks.Done(), sc.Done(), toks.Line(), sc.Line())
		}
		if e1, e2 := fmt.Sprint(toks.End("x")), fmt.Sprint(sc.End("x")); e1 != e2 {
			return fmt.Sprintf("End: %s / %s", e1, e2)
		}
		if toks.Done() {
			_, e1 := toks.Next("y")
			_, e2 := sc.Next("y")
			_, _, e3 := sc.Int("y", 0, 1)
			if fmt.Sprint(e1) != fmt.Sprint(e2) || fmt.Sprint(e1) != fmt.Sprint(e3) {
				return fmt.Sprintf("at the end: %v / %v / %v", e1, e2, e3)
			}
			break
		}
		// Alternate Next and Int, so both are compared on every kind of token.
		if i%2 == 0 {
			t1, e1 := toks.Next("w")
			t2, e2 := sc.Next("w")
			if t1 != t2 || fmt.Sprint(e1) != fmt.Sprint(e2) {
				return fmt.Sprintf("Next %d: %v %v / %v %v", i, t1, e1, t2, e2)
			}
			continue
		}
		v1, t1, e1 := toks.Int("n", -50, 50)
		v2, line2, e2 := sc.Int("n", -50, 50)
		if v1 != v2 || t1.Line != line2 || fmt.Sprint(e1) != fmt.Sprint(e2) {
			return fmt.Sprintf("Int %d: %d line %d %v / %d line %d %v", i, v1, t1.Line, e1, v2, line2, e2)
		}
	}
	lines := ScanBytes([]byte(in), "a.in")
	var fields [3][]byte
	for i, want := range toks.Lines {
		text, n, ok := lines.NextLine()
		got := string(text)
		if i+1 < len(toks.Lines) || strings.HasSuffix(in, "\n") {
			got = strings.TrimSuffix(got, "\r") // Read drops the '\r' of "\r\n"
		}
		if !ok || n != i+1 || got != want {
			return fmt.Sprintf("NextLine %d: %q line %d %v, want %q", i+1, text, n, ok, want)
		}
		wantFields := strings.Fields(want)
		if got := Fields(text, fields[:]); got != len(wantFields) {
			return fmt.Sprintf("line %d: %d fields, want %d", i+1, got, len(wantFields))
		}
		for k := range min(len(fields), len(wantFields)) {
			if string(fields[k]) != wantFields[k] {
				return fmt.Sprintf("line %d field %d: %q, want %q", i+1, k+1, fields[k], wantFields[k])
			}
		}
	}
	if text, _, ok := lines.NextLine(); ok {
		return fmt.Sprintf("a line %q after the last of %d", text, len(toks.Lines))
	}
	return ""
}

// FuzzScanner checks the Scanner against Tokens on any input.
func FuzzScanner(f *testing.F) {
	for _, in := range scannerInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if diff := compareScanner(in); diff != "" {
			t.Fatal(diff)
		}
	})
}

func TestScannerIntErrors(t *testing.T) {
	tests := []struct {
		in   string
		line int
		frag string
	}{
		{"\n\n7", 3, "must be in 1..5, found 7"},
		{"x", 1, `expected n (an integer), found "x"`},
		{"1\n", 1, "unexpected end of input: expected n"},
		{strings.Repeat("9", 60), 1, `found "` + strings.Repeat("9", 40) + `…"`},
	}
	for _, tt := range tests {
		sc := ScanBytes([]byte(tt.in), "s.in")
		if tt.in == "1\n" {
			sc.Int("n", 1, 5)
		}
		_, _, err := sc.Int("n", 1, 5)
		if err := MatchError(err, "s.in", tt.line, tt.frag); err != nil {
			t.Errorf("%q: %v", tt.in, err)
		}
	}
}

// BenchmarkScannerInts reads 102,500 small integers, the shape of a
// snakes file of many boards.
func BenchmarkScannerInts(b *testing.B) {
	var sb strings.Builder
	for i := range 50_000 {
		if i%20 == 0 {
			fmt.Fprintf(&sb, "\n%d\n", 20)
		}
		fmt.Fprintf(&sb, "%d %d\n", i%99+1, (i*7)%99+1)
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sc := ScanBytes(data, "b.in")
		for !sc.Done() {
			if _, _, err := sc.Int("n", 0, 100); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestNewScannerReadsFiles reads a file, which knows its size, and the
// same bytes through a reader that does not: the same tokens.
func TestNewScannerReadsFiles(t *testing.T) {
	in := strings.Repeat("12 345\n", 5000)
	path := filepath.Join(t.TempDir(), "a.in")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromFile, err := NewScanner(f, "a.in")
	if err != nil {
		t.Fatal(err)
	}
	fromReader, _ := NewScanner(strings.NewReader(in), "a.in")
	if string(fromFile.data) != in || string(fromReader.data) != in || fromFile.Lines() != 5000 {
		t.Fatalf("read %d and %d bytes of %d, %d lines", len(fromFile.data), len(fromReader.data), len(in), fromFile.Lines())
	}
}
