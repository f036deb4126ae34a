package speedrun_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/examples/speedrun/speedrun"
	"github.com/chancecheck/chancecheck/games/textio"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		want        string // a fragment of the message
	}{
		{"empty", "", 0, "unexpected end of input: expected N"},
		{"no levels", "0 5\n", 1, "N (the levels) must be in 1..50, found 0"},
		{"slow not slower", "1 8\n2 2 81\n", 2, "S (the slow time) must be in 3..100, found 2"},
		{"percent too small", "1 8\n2 8 79\n", 2, "P (the fast time's chance, in percent) must be in 80..99, found 79"},
		{"fast times past R", "2 5\n3 4 90\n3 4 90\n", 3, "the fast times sum to 6 by this level, past R = 5 (line 1)"},
		{"a level missing", "2 30\n20 30 80\n", 2, "unexpected end of input: expected F"},
		{"a level too many", "1 8\n2 8 81\n2 8 81\n", 3, "after N lines"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := speedrun.Parse(strings.NewReader(tt.input), "t.in")
			if err := textio.MatchError(err, "t.in", tt.line, tt.want); err != nil {
				t.Error(err)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1 8\n2 8 81\n", "2 30\n20 30 80\n3 9 85\n", "1 1\n1 2 80", "0 0", "1 8\n2 8 100\n", "50 5000\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := speedrun.Parse(strings.NewReader(in), "fuzz.in")
		if err != nil {
			if te := (*textio.Error)(nil); !errors.As(err, &te) {
				t.Fatalf("error %v is not a *textio.Error", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := speedrun.Write(&buf, boards); err != nil {
			t.Fatal(err)
		}
		back, err := speedrun.Parse(&buf, "again.in")
		if err != nil || !reflect.DeepEqual(back, boards) {
			t.Fatalf("round trip of %v: %v, %v", boards, back, err)
		}
	})
}
