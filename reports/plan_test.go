package reports

import "testing"

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/1", Shard{1, 1}, true},
		{"2/3", Shard{2, 3}, true},
		{"3/3", Shard{3, 3}, true},
		{"0/3", Shard{}, false},
		{"4/3", Shard{}, false},
		{"1/0", Shard{}, false},
		{"-1/3", Shard{}, false},
		{"1/3x", Shard{}, false},
		{" 1/3", Shard{}, false},
		{"1", Shard{}, false},
		{"", Shard{}, false},
	}
	for _, tc := range tests {
		got, err := ParseShard(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestBudgetSplitSumsToAlpha(t *testing.T) {
	p := Plan{Alpha: 1e-6, Boards: 40, Games: []PlannedGame{{"a", 2}, {"b", 1}, {"c", 5}, {"d", 0}}}
	var sum float64
	checks := 0
	for _, g := range p.Games {
		b := gameBudget(p, g)
		sum += float64(b.Boards)*b.AlphaPerBoard + b.CalibrationAlpha
		checks += b.Boards + 1
	}
	if d := sum - p.Alpha; d > 1e-18 || d < -1e-18 {
		t.Fatalf("shares sum to %g, want %g", sum, p.Alpha)
	}
	if got := planBudget(p).Checks; got != checks {
		t.Fatalf("budget counts %d checks, want %d", got, checks)
	}
}
