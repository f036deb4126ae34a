package estimate

// Bonferroni splits one family-wise false-alarm budget over many checks by
// Bonferroni's inequality: if each of Checks checks falsely fails with
// probability at most PerCheck, some check falsely fails with probability at
// most Alpha.
type Bonferroni struct {
	Alpha  float64 // family-wise false-alarm probability for the whole run
	Checks int     // number of checks sharing it
}

// PerCheck is Alpha / Checks (Alpha itself when Checks ≤ 1).
func (b Bonferroni) PerCheck() float64 {
	if b.Checks <= 1 {
		return b.Alpha
	}
	return b.Alpha / float64(b.Checks)
}
