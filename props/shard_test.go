package props

import "testing"

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/1", Shard{Index: 1, Count: 1}, true},
		{"2/3", Shard{Index: 2, Count: 3}, true},
		{"3/3", Shard{Index: 3, Count: 3}, true},
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
