package props

import "fmt"

// Shard is slice Index of Count (1 ≤ Index ≤ Count) of a run's boards,
// those whose position k in the run's list of boards has
// k ≡ Index−1 (mod Count): a check's generated boards (CrossCheck.Shard),
// a report's boards (reports.Options.Shard). The zero Shard is the whole
// run.
type Shard struct {
	Index int `json:"index"` // 1..Count
	Count int `json:"count"`
}

// Whole reports whether s is the whole run.
func (s Shard) Whole() bool { return s.Count <= 0 }

// Boards returns how many of the first cases generated boards belong to s.
func (s Shard) Boards(cases int) int {
	if s.Whole() {
		return cases
	}
	if cases < s.Index {
		return 0
	}
	return (cases-s.Index)/s.Count + 1
}

// board returns the generated index of the shard's board number p (from 0).
func (s Shard) board(p int) int {
	if s.Whole() {
		return p
	}
	return s.Index - 1 + p*s.Count
}

// String is "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads "i/n" with 1 ≤ i ≤ n.
func ParseShard(s string) (Shard, error) {
	var sh Shard
	if _, err := fmt.Sscanf(s, "%d/%d", &sh.Index, &sh.Count); err != nil || fmt.Sprintf("%d/%d", sh.Index, sh.Count) != s {
		return Shard{}, fmt.Errorf("shard %q: want i/n, e.g. 2/3", s)
	}
	if sh.Count < 1 || sh.Index < 1 || sh.Index > sh.Count {
		return Shard{}, fmt.Errorf("shard %q: want 1 ≤ i ≤ n", s)
	}
	return sh, nil
}
