package reports

import (
	"math/big"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

// SchemaVersion is the version of report.json's layout. It changes whenever
// a field is renamed, removed or changes meaning; new fields may be added
// without a change.
const SchemaVersion = 1

// Report is the agreement report of one run: report.json.
type Report struct {
	Schema int     `json:"schema"` // SchemaVersion
	Tool   string  `json:"tool"`   // "chancecheck"
	Seed   uint64  `json:"seed"`   // the run's seed
	Alpha  float64 `json:"alpha"`  // family-wise false-alarm budget of the whole run
	Checks int     `json:"checks"` // statistical checks sharing Alpha (Bonferroni)
	// AlphaPerCheck is Alpha / Checks: the false-alarm budget of each check.
	AlphaPerCheck float64      `json:"alpha_per_check"`
	Runs          int64        `json:"runs_per_board"`
	Pass          bool         `json:"pass"` // every check of every game passed
	Games         []GameReport `json:"games"`
}

// GameReport is what the run found for one game.
type GameReport struct {
	Name       string         `json:"name"`
	Title      string         `json:"title"`
	Pass       bool           `json:"pass"`
	Boards     []BoardReport  `json:"boards"`
	Invariants []InvariantRun `json:"invariants"`
	// Classes counts the generated boards per coverage class.
	Classes map[string]int `json:"classes"`
}

// BoardReport is one board: its exact answer, the simulation, the verdict.
type BoardReport struct {
	ID       string  `json:"id"`    // "sample:sample#2" or "gen:17"
	Class    string  `json:"class"` // coverage class ("sample" for published samples)
	Input    string  `json:"input"` // the board in the original input format
	Exact    float64 `json:"exact"`
	Fraction string  `json:"fraction,omitempty"` // the exact answer as p/q, where cheap
	SimSeed  uint64  `json:"sim_seed"`
	// Agreement is the statistical check of the referee against the analyst.
	Agreement estimate.Agreement `json:"agreement"`
	// Failed lists the invariants this board broke, with their messages.
	Failed []string `json:"failed_invariants,omitempty"`
	Error  string   `json:"error,omitempty"` // a solve or simulate error
	Pass   bool     `json:"pass"`
}

// InvariantRun counts how often one invariant was checked and failed.
type InvariantRun struct {
	Name    string `json:"name"`
	Doc     string `json:"doc"`
	Checked int    `json:"checked"`
	Failed  int    `json:"failed"`
}

func ratString(r *big.Rat) string {
	if r == nil {
		return ""
	}
	return r.RatString()
}
