package programs

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseParams(t *testing.T) {
	tests := []struct {
		in      string
		want    []Param
		wantErr string
	}{
		{"", nil, ""},
		{"n=1..30 k=0..5", []Param{{"n", 1, 30}, {"k", 0, 5}}, ""},
		{"m=7", []Param{{"m", 7, 7}}, ""},
		{"  x_1=-3..-1\tmax-w=0..0 ", []Param{{"x_1", -3, -1}, {"max-w", 0, 0}}, ""},
		{"n", nil, "want name=lo..hi"},
		{"1n=3", nil, "want name=lo..hi"},
		{"n=1..x", nil, "integers"},
		{"n=5..1", nil, "above hi"},
		{"n=1 n=2", nil, "twice"},
		{"n=-9223372036854775808..9223372036854775807", nil, "too wide"},
	}
	for _, tt := range tests {
		got, err := ParseParams(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseParams(%q) error %v, want one saying %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseParams(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// A case is the same whatever the number of cases, its values lie in
// their ranges, and its seed is a positive 31-bit int.
func TestDrawCase(t *testing.T) {
	params := []Param{{"n", 1, 30}, {"k", -2, 2}, {"m", 7, 7}}
	seen := map[int64]bool{}
	for i := range 500 {
		c := drawCase(params, 42, i)
		if again := drawCase(params, 42, i); !reflect.DeepEqual(c, again) {
			t.Fatalf("case %d drawn twice: %v and %v", i, c, again)
		}
		if c.Seed < 1 || c.Seed > maxSeed {
			t.Errorf("case %d: seed %d outside 1..2^31-1", i, c.Seed)
		}
		for j, p := range params {
			if v := c.Values[j]; v < p.Lo || v > p.Hi {
				t.Errorf("case %d: %s = %d outside %d..%d", i, p.Name, v, p.Lo, p.Hi)
			}
		}
		seen[c.Values[1]] = true
	}
	if len(seen) != 5 {
		t.Errorf("k took %d of its 5 values in 500 cases", len(seen))
	}
	if got := drawCase(params, 1, 3).Args(params); len(got) != 4 || got[3] != "m=7" || !strings.HasPrefix(got[1], "n=") {
		t.Errorf("Args = %q, want SEED n=.. k=.. m=7", got)
	}
}

func TestLowerValues(t *testing.T) {
	tests := []struct {
		v, lo int64
		want  []int64
	}{
		{0, 0, nil},
		{1, 0, []int64{0}},
		{3, 1, []int64{1, 2}},
		{30, 0, []int64{0, 1, 2, 3, 15, 23, 27, 29}},
		{12, 10, []int64{10, 11}},
	}
	for _, tt := range tests {
		if got := lowerValues(tt.v, tt.lo); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("lowerValues(%d, %d) = %v, want %v", tt.v, tt.lo, got, tt.want)
		}
	}
}

// smaller orders inputs by length, then bytes, then the point of the
// space: lower parameters alone do not make an input smaller.
func TestSmaller(t *testing.T) {
	cur := &Failure{Case: Case{Seed: 1, Values: []int64{3, 1}}, Input: []byte("1 1\n")}
	tests := []struct {
		input  string
		values []int64
		want   bool
	}{
		{"1\n", []int64{9, 9}, true},     // shorter
		{"2 1\n", []int64{2, 1}, false},  // lower parameters, a larger input
		{"0 1\n", []int64{3, 1}, true},   // as long, and first byte by byte
		{"1 1\n", []int64{1, 1}, true},   // the same input nearer the low ends
		{"1 1\n", []int64{3, 1}, false},  // the same input at the same point
		{"1 1\n", []int64{1, 2}, false},  // one parameter lower, one higher
		{"10 1\n", []int64{1, 1}, false}, // longer
	}
	for _, tt := range tests {
		if got := smaller([]byte(tt.input), Case{Values: tt.values}, cur); got != tt.want {
			t.Errorf("smaller(%q at %v) = %v, want %v", tt.input, tt.values, got, tt.want)
		}
	}
}
