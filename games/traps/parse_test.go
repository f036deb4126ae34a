package traps

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

func TestParseSamples(t *testing.T) {
	tests := []struct {
		file  string
		m, n  int
		k, h  int
		prior []int
	}{
		{"sample1.in", 4, 3, 2, 1, []int{30, 30, 20, 20}},
		{"sample2.in", 4, 3, 2, 2, []int{30, 30, 20, 20}},
		{"sample2-luogu.in", 4, 3, 2, 2, []int{30, 30, 20, 20}},
		{"sample3.in", 4, 3, 2, 3, []int{30, 30, 20, 20}},
		{"sample4.in", 4, 3, 3, 2, []int{143, 37, 335, 85, 95, 25, 223, 57}},
		{"sixteenth.in", 1, 3, 1, 1, []int{1, 15}},
		{"bench/traps-30x29-dense-k5-h5.in", 30, 29, 5, 5, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := testInput(t, tt.file)
			z, err := Parse(strings.NewReader(data), tt.file)
			if err != nil {
				t.Fatal(err)
			}
			if z.M() != tt.m || z.N() != tt.n || z.Kinds != tt.k || z.Life != tt.h {
				t.Errorf("got %dx%d K=%d H=%d, want %dx%d K=%d H=%d", z.M(), z.N(), z.Kinds, z.Life, tt.m, tt.n, tt.k, tt.h)
			}
			if tt.prior != nil && !equalInts(z.Prior, tt.prior) {
				t.Errorf("prior %v, want %v", z.Prior, tt.prior)
			}
			// Writing and reading back gives the same maze.
			var buf bytes.Buffer
			if err := Write(&buf, z); err != nil {
				t.Fatal(err)
			}
			written := buf.String()
			back, err := Parse(&buf, "written")
			if err != nil {
				t.Fatalf("reading back %q: %v", written, err)
			}
			if !equalMazes(z, back) {
				t.Errorf("round trip changed the maze: %+v vs %+v", z, back)
			}
			// The published files have no blank lines, so writing reproduces them.
			if strings.HasPrefix(tt.file, "sample") && !strings.Contains(tt.file, "luogu") && written != data {
				t.Errorf("written form differs from the file:\n%s\nvs\n%s", written, data)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		want     string // a fragment of the message
	}{
		{"empty", "", 0, "empty input"},
		{"m too big", "31 3 0 1\n", 1, "m (the number of rows) must be in 1..30"},
		{"n zero", "1 0 0 1\n", 1, "n (the number of columns)"},
		{"K six", "1 1 6 1\n", 1, "K (the number of trap kinds) must be in 0..5"},
		{"H zero", "1 1 0 0\n", 1, "H (the lives) must be in 1..5"},
		{"not a number", "1 x 0 1\n", 1, "expected n"},
		{"short row", "2 3 0 1\n$.@\n..\n1\n", 3, "expected 3 characters, found 2"},
		{"letter beyond K", "1 3 1 1\n$B@\n1 1\n", 2, "trap 'B' but K = 1 allows only A"},
		{"bad char", "1 3 0 1\n$x@\n1\n", 2, "unexpected character 'x'"},
		{"no start", "2 2 0 1\n..\n.@\n1\n", 3, "no start"},
		{"two starts", "2 2 0 1\n$.\n$@\n1\n", 3, "a second start"},
		{"missing weights", "1 2 1 1\n$@\n1\n", 3, "unexpected end of input: expected prior weight p_1"},
		{"weight too big", "1 2 0 1\n$@\n100001\n", 3, "prior weight p_0 of 2^K = 1 must be in 0..100000"},
		{"negative weight", "1 2 0 1\n$@\n-1\n", 3, "must be in 0..100000"},
		{"all zero", "1 2 1 1\n$@\n0 0\n", 3, "at least one must be positive"},
		{"extra token", "1 2 0 1\n$@\n1 2\n", 3, "unexpected \"2\" after the 1 prior weights"},
		{"missing row", "2 2 0 1\n$@\n", 2, "expected map row 2 of 2"},
		{"blank lines keep lines", "2 2 0 1\n\n$.\n\n.Q\n1\n", 5, "trap 'Q' but K = 0 allows no trap letters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in), "maze.in")
			if err := textio.MatchError(err, "maze.in", tt.line, tt.want); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestValidateLines(t *testing.T) {
	base := func() *Maze { return &Maze{Rows: []string{"$.", ".@"}, Kinds: 1, Life: 1, Prior: []int{1, 1}} }
	tests := []struct {
		name   string
		change func(z *Maze)
		line   int
	}{
		{"valid", func(*Maze) {}, -1},
		{"ragged", func(z *Maze) { z.Rows[1] = "." }, 3},
		{"prior length", func(z *Maze) { z.Prior = []int{1} }, 4},
		{"no rows", func(z *Maze) { z.Rows = nil }, 1},
		{"life", func(z *Maze) { z.Life = 6 }, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := base()
			tt.change(z)
			err := z.Validate()
			if tt.line < 0 {
				if err != nil {
					t.Fatalf("valid maze rejected: %v", err)
				}
				return
			}
			var te *textio.Error
			if !errors.As(err, &te) || te.Line != tt.line {
				t.Errorf("got %v, want an error on line %d", err, tt.line)
			}
		})
	}
}

// testInput is the text of file: a sample (Samples) when it names one,
// else a file under testdata (sample2-luogu.in, bench/…).
func testInput(t testing.TB, file string) string {
	t.Helper()
	for _, s := range Samples() {
		if s.Name+".in" == file {
			return s.Input
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func FuzzParse(f *testing.F) {
	for _, s := range Samples() {
		f.Add([]byte(s.Input))
	}
	f.Add([]byte(testInput(f, "sample2-luogu.in")))
	f.Add([]byte("1 1 0 1\n$\n1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		z, err := Parse(bytes.NewReader(data), "fuzz")
		if err != nil {
			var te *textio.Error
			if !errors.As(err, &te) {
				t.Fatalf("error %v is not a *textio.Error", err)
			}
			return
		}
		if err := z.Validate(); err != nil {
			t.Fatalf("Parse accepted a maze Validate rejects: %v", err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, z); err != nil {
			t.Fatal(err)
		}
		back, err := Parse(&buf, "written")
		if err != nil || !equalMazes(z, back) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalMazes(a, b *Maze) bool {
	if a.Kinds != b.Kinds || a.Life != b.Life || !equalInts(a.Prior, b.Prior) || len(a.Rows) != len(b.Rows) {
		return false
	}
	for i := range a.Rows {
		if a.Rows[i] != b.Rows[i] {
			return false
		}
	}
	return true
}
