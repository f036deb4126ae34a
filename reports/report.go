package reports

import (
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// SchemaVersion is the version of report.json's layout (docs/report-schema.md).
// It changes whenever a field is renamed, removed or changes meaning; new
// fields may be added without a change.
const SchemaVersion = 5

// Tool is the value of Report.Tool.
const Tool = "chancecheck"

// Report is the agreement report of one run, or of one shard of a run:
// report.json. Everything in it follows from the Plan; nothing in it depends
// on the number of workers or on the clock (timings live in Timings).
type Report struct {
	Schema int    `json:"schema"` // SchemaVersion
	Tool   string `json:"tool"`   // Tool
	Plan   Plan   `json:"plan"`   // what was asked for; the same in every shard of a run
	// Shard is set in the partial report of one shard; a whole run (or a
	// merge of all its shards) has none.
	Shard *props.Shard `json:"shard,omitempty"`
	// Budget states how the false-alarm budget was split and what each check
	// could have seen.
	Budget Budget `json:"budget"`
	// Pass: every board, invariant and calibration test in this report
	// passed, and every game had a board someone could judge.
	Pass bool `json:"pass"`
	// NothingJudged: some game judged nothing (GameReport.NothingJudged);
	// absent when every game judged a board.
	NothingJudged bool `json:"nothing_judged,omitempty"`
	// TooFewJudged: some game judged too few of its generated boards
	// (GameReport.TooFewJudged); absent otherwise.
	TooFewJudged bool         `json:"too_few_judged,omitempty"`
	Games        []GameReport `json:"games"`
}

// Plan is what a run checks. Every shard of a run has the same Plan, so each
// knows the total number of checks and the budget of each.
type Plan struct {
	Seed  uint64  `json:"seed"`  // the run's seed
	Alpha float64 `json:"alpha"` // family-wise false-alarm budget of the whole report
	Runs  int64   `json:"runs_per_board"`
	// Boards is the number of generated boards per game, besides the samples.
	Boards int           `json:"generated_boards_per_game"`
	Games  []PlannedGame `json:"games"`
	// MinJudged is the least share of a game's generated boards that must
	// be judged for it to pass (--min-judged); absent: the default,
	// props.DefaultMinJudged.
	MinJudged *float64 `json:"min_judged,omitempty"`
}

// minJudged is the least share in force (Plan.MinJudged).
func (p Plan) minJudged() float64 {
	if p.MinJudged != nil {
		return *p.MinJudged
	}
	return props.DefaultMinJudged
}

// PlannedGame is one game of the plan.
type PlannedGame struct {
	Name string `json:"name"`
	// SampleBoards is the number of boards in the game's published samples.
	SampleBoards int `json:"sample_boards"`
	// Params are the generator's parameter values in force (defaults,
	// presets and --gen together); absent for a game without parameters.
	Params map[string]int `json:"params,omitempty"`
	// Coverage is the game's coverage goals (props.Game.Coverage); each is a
	// statistical check of the plan. Absent for a game without goals.
	Coverage []CoverageGoal `json:"coverage_goals,omitempty"`
	// CoverageDraws is how many boards of the generator the coverage goals
	// are judged over: the run's generated boards and more, drawn from the
	// same seeds and classified only (classifying costs far less than
	// checking), so that the goals can be judged at the default --boards.
	// CoverageClasses counts them by class. Absent for a game without goals.
	CoverageDraws   int            `json:"coverage_draws,omitempty"`
	CoverageClasses map[string]int `json:"coverage_classes,omitempty"`
}

// CoverageGoal is a coverage goal as the plan records it: at least MinShare
// of the generated boards fall in Class.
type CoverageGoal struct {
	Class    string  `json:"class"`
	MinShare float64 `json:"min_share"`
}

// boards is the number of boards the plan checks for this game.
func (g PlannedGame) boards(generated int) int { return g.SampleBoards + generated }

// Budget is the split of Plan.Alpha (see budget.go).
type Budget struct {
	Alpha float64 `json:"alpha"`
	// Rule states the split in words.
	Rule string `json:"rule"`
	// Checks is the number of statistical checks sharing Alpha: one agreement
	// test per board, one calibration test per game and one test per
	// coverage goal. Invariants are exact and take no share.
	Checks int `json:"checks"`
}

// GameReport is what the run found for one game.
type GameReport struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Pass: no check of the game failed (Failed) and it judged a board.
	Pass bool `json:"pass"`
	// NothingJudged: no board of the game could be judged (every one was
	// not played or not judged, BoardNotJudged), so no agreement test was
	// made: not a pass, whatever else held. Absent otherwise.
	NothingJudged bool `json:"nothing_judged,omitempty"`
	// TooFewJudged says, when the game judged fewer of its generated boards
	// than Plan.MinJudged of them, how many of how many: not a pass,
	// whatever else held. NeverJudged names the classes none of whose
	// generated boards was judged. Both absent otherwise.
	TooFewJudged string   `json:"too_few_judged,omitempty"`
	NeverJudged  []string `json:"never_judged,omitempty"`
	// Budget is this game's share of the false-alarm budget.
	Budget GameBudget `json:"budget"`
	// Sensitivity is the smallest discrepancy the game's checks could have seen.
	Sensitivity Sensitivity `json:"sensitivity"`
	// BoardsFailed counts the boards in Boards that failed;
	// BoardsNotJudged those nobody could judge (BoardNotJudged), which
	// neither fail nor pass.
	BoardsFailed    int            `json:"boards_failed"`
	BoardsNotJudged int            `json:"boards_not_judged"`
	Boards          []BoardReport  `json:"boards"`
	Invariants      []InvariantRun `json:"invariants"`
	// Classes counts the generated boards per coverage class, by class name.
	Classes []ClassCount `json:"classes"`
	// Coverage tests each coverage goal of the plan (coverage.go); absent
	// for a game without goals and in a shard's partial report (it needs
	// every board).
	Coverage []CoverageRow `json:"coverage,omitempty"`
	// Calibration is the uniformity test of the boards' U values; absent in a
	// shard's partial report (it needs every board).
	Calibration *Calibration `json:"calibration,omitempty"`
}

// GameBudget is one game's share of the report's false-alarm budget.
type GameBudget struct {
	Alpha            float64 `json:"alpha"`             // Budget.Alpha / number of games
	Boards           int     `json:"boards"`            // samples plus generated boards
	AlphaPerBoard    float64 `json:"alpha_per_board"`   // Alpha / (Boards + 1 + goals)
	CalibrationAlpha float64 `json:"calibration_alpha"` // Alpha / (Boards + 1 + goals)
	// CoverageAlpha is each coverage goal's share, Alpha / (Boards + 1 +
	// goals); absent (0) for a game without goals.
	CoverageAlpha float64 `json:"coverage_alpha,omitempty"`
}

// Sensitivity is what the game's checks could have detected with probability
// at least 1/2.
type Sensitivity struct {
	// MinDetectable* summarise estimate.Agreement.MinDetectable over the
	// boards with a finite one: a shift of the mean (DKW, in outcome units)
	// or of the win probability (binomial). Null when no board has one.
	MinDetectableMedian *float64 `json:"min_detectable_median"`
	MinDetectableMax    *float64 `json:"min_detectable_max"`
	// CalibrationZShift is the smallest common shift of every board's
	// z-score (in standard errors) the calibration test detects; null when
	// the calibration has fewer than one usable board or is absent.
	CalibrationZShift *float64 `json:"calibration_z_shift"`
}

// BoardReport is one board: its exact answer, the simulation, the verdict.
type BoardReport struct {
	Index    int     `json:"index"` // position in the game's list of boards: samples first
	ID       string  `json:"id"`    // "sample:sample#2" or "gen:17"
	Class    string  `json:"class"` // coverage class ("sample" for published samples)
	Input    string  `json:"input"` // the board in the original input format
	Exact    float64 `json:"exact"`
	Fraction string  `json:"fraction,omitempty"` // the exact answer as p/q, where cheap
	SimSeed  uint64  `json:"sim_seed"`
	// Agreement is the statistical check of the referee against the analyst.
	Agreement estimate.Agreement `json:"agreement"`
	// Calibration is this board's contribution to the game's calibration test.
	Calibration BoardCalibration `json:"calibration"`
	// InvariantsChecked is true when every invariant of the game was checked
	// on this board (false when solving failed).
	InvariantsChecked bool `json:"invariants_checked"`
	// Failed lists the invariants this board broke, with their messages.
	Failed []InvariantFailure `json:"failed_invariants,omitempty"`
	Error  string             `json:"error,omitempty"` // a generate, solve or simulate error
	// NotPlayed says why the referee did not play the board
	// (props.ErrTooLongToPlay: its games outlast one run's limit; or the
	// referee ran out of time, Calibration.Skipped SkipOutOfTime); its
	// agreement is then absent and it passes on its invariants.
	NotPlayed string `json:"not_played,omitempty"`
	// NotJudged says why no exact answer could be had (the analyst refused
	// the board: props.ErrCannotJudge, a board past its limits); nothing
	// else is checked on it.
	NotJudged string `json:"not_judged,omitempty"`
	// Oracle names what gave the exact answer when the game says
	// (props.Solution.Oracle: "the rules engine (exact fraction)"); empty
	// for a hand-written analyst.
	Oracle string `json:"oracle,omitempty"`
	// Verdict is BoardPass, BoardFail or BoardNotJudged: a board nobody
	// could judge (NotJudged, or NotPlayed with every invariant holding) is
	// neither a failure nor a pass. Pass is Verdict == BoardPass.
	Verdict string `json:"verdict"`
	Pass    bool   `json:"pass"`
}

// A board's verdicts (BoardReport.Verdict).
const (
	BoardPass      = "pass"
	BoardFail      = "fail"
	BoardNotJudged = "not-judged"
)

// InvariantFailure is one invariant broken by one board.
type InvariantFailure struct {
	Name    string `json:"name"`
	Message string `json:"message"`
}

// BoardCalibration is U = Φ(Z) for one board, or why the board was left out.
type BoardCalibration struct {
	// U is Φ(Agreement.Z), absent when the board is left out.
	U *float64 `json:"u,omitempty"`
	// BerryEsseen bounds |P(U ≤ u) − u| for this board (see calibration.go);
	// absent when σ = 0.
	BerryEsseen *float64 `json:"berry_esseen,omitempty"`
	// Skipped says why the board is left out: SkipSigmaZero, SkipNoRuns,
	// SkipBerryEsseen, SkipNotPlayed, SkipOutOfTime, SkipNotJudged,
	// SkipError; empty when it is used.
	Skipped string `json:"skipped,omitempty"`
}

// InvariantRun counts how often one invariant was checked and failed.
type InvariantRun struct {
	Name    string `json:"name"`
	Doc     string `json:"doc"`
	Checked int    `json:"checked"`
	Failed  int    `json:"failed"`
}

// ClassCount is how many generated boards fell into one coverage class.
type ClassCount struct {
	Class  string `json:"class"`
	Boards int    `json:"boards"`
}

// Calibration is the Kolmogorov–Smirnov test of the boards' U values against
// Uniform(0, 1) (see calibration.go).
type Calibration struct {
	Boards  int `json:"boards"`  // boards whose U entered the test
	Skipped int `json:"skipped"` // boards left out (σ = 0, large Berry–Esseen bound, no runs)
	// BerryEsseen is the largest bound of the boards used: the test's
	// statistic is reduced by it before the p-value is taken.
	BerryEsseen float64 `json:"berry_esseen"`
	D           float64 `json:"d"`       // sup |Fn(u) − u|
	PValue      float64 `json:"p_value"` // P(D_n ≥ D − BerryEsseen) for n uniform draws
	Alpha       float64 `json:"alpha"`
	// Pass: the test was made (NotTested empty) and PValue > Alpha.
	Pass bool `json:"pass"`
	// NotTested says why no test was made (UntestedNonePlayed,
	// UntestedNoU): no board had a U. Such a calibration neither passes
	// nor fails (GameReport.Failed). Empty when the test was made.
	NotTested string `json:"not_tested,omitempty"`
}
