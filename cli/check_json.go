package cli

import (
	"encoding/json"
	"io"

	"github.com/chancecheck/chancecheck/props"
)

// checkJSON is the --json form of a Result.
type checkJSON struct {
	Game string `json:"game"`
	// AnswerKind and Modulus are the kind of answer of a game whose answer
	// is exact (an integer, a fraction, a residue modulo Modulus); absent
	// for a float.
	AnswerKind string   `json:"answer_kind,omitempty"`
	Modulus    int64    `json:"modulus,omitempty"`
	Seed       uint64   `json:"seed"`
	GenOptions []string `json:"generator_options,omitempty"` // --limits and --gen as given
	Passed     bool     `json:"passed"`
	Samples    int      `json:"samples"`
	Generated  int      `json:"generated"`
	// Climbed counts the generated boards the climber drew, per target
	// (--climb); FoundBy says which search found the first generated
	// failure: "uniform", or "climbing" and the target.
	Climbed map[string]int `json:"climbed,omitempty"`
	FoundBy string         `json:"found_by,omitempty"`
	// NotJudged counts the boards no oracle could judge (skipped: neither a
	// failure nor a pass), NotJudgedGenerated the generated ones of them.
	NotJudged          int    `json:"not_judged"`
	NotJudgedGenerated int    `json:"not_judged_generated"`
	NotJudgedReason    string `json:"not_judged_reason,omitempty"`
	// NotJudgedClasses counts the generated boards not judged per class;
	// NeverJudged names the classes none of whose boards was judged.
	NotJudgedClasses map[string]int `json:"not_judged_classes,omitempty"`
	NeverJudged      []string       `json:"never_judged,omitempty"`
	// MinJudged is --min-judged; TooFewJudged says that the run judged
	// fewer generated boards than that share of those asked for (or none):
	// no pass, exit 2.
	MinJudged    float64 `json:"min_judged"`
	TooFewJudged bool    `json:"too_few_judged,omitempty"`
	// OverBoardTime counts the boards of NotJudged whose oracle ran past
	// its per-board budget (--board-time).
	OverBoardTime int `json:"over_board_time,omitempty"`
	// Asked is how many generated boards --cases asked for (this shard's
	// share), 0 with --time alone; StoppedEarly says that fewer were
	// judged (--time ran out, the first failure, an interrupt), and
	// Interrupted that an interrupt stopped the run (no verdict).
	Asked         int             `json:"asked,omitempty"`
	StoppedEarly  bool            `json:"stopped_early,omitempty"`
	Interrupted   bool            `json:"interrupted,omitempty"`
	Classes       map[string]int  `json:"classes"`
	Oracles       map[string]int  `json:"oracles,omitempty"` // boards judged per oracle of our answer
	Failures      map[string]int  `json:"failures"`
	ElapsedSec    float64         `json:"elapsed_seconds"`
	TimeToFailSec float64         `json:"time_to_failure_seconds,omitempty"`
	First         *failureJSON    `json:"first_failure,omitempty"`
	Found         *failureJSON    `json:"found_failure,omitempty"`
	Shrink        *shrinkJSON     `json:"shrink,omitempty"`
	Coverage      *coverageJSON   `json:"coverage,omitempty"`
	Shard         *checkShardJSON `json:"shard,omitempty"`
	// TimeoutSec and IdleSec are the CPU time and idleness limits of one
	// solver run.
	TimeoutSec float64 `json:"timeout_seconds"`
	IdleSec    float64 `json:"idle_timeout_seconds"`
	// NotReproduced are the inputs whose verdict did not recur when run
	// again alone; Cancelled the inputs in progress when --time ran out.
	NotReproduced []*failureJSON `json:"not_reproduced,omitempty"`
	Closest       *closestJSON   `json:"closest_calls,omitempty"`
	Cancelled     int            `json:"cancelled,omitempty"`
	// Unconfirmed is a failure an input in progress had seen when --time
	// ran out, not confirmed (its cut_while says what confirming was
	// doing): passed is then false, exit 2.
	Unconfirmed *failureJSON `json:"unconfirmed,omitempty"`
	// OracleFault is the oracle at fault that stopped the check, with
	// the input; passed is then false, and nothing else was judged.
	OracleFault *oracleFaultJSON `json:"oracle_fault,omitempty"`
	// GeneratorFault is the generator (or the validator of its inputs) at
	// fault that stopped the check, in a game defined by programs; passed
	// is then false.
	GeneratorFault *oracleFaultJSON `json:"generator_fault,omitempty"`
}

// checkShardJSON is what 'check merge' needs of a --shard run besides the
// rest of its checkJSON: the shard ("index" and "count") and the run's
// options.
type checkShardJSON struct {
	props.Shard
	Cases     int     `json:"cases"`
	Batch     int     `json:"batch"`
	KeepGoing bool    `json:"keep_going"`
	Solver    string  `json:"solver"`
	Alpha     float64 `json:"alpha"`
	// FirstBoard is the generated board (from 1) of the first generated
	// failure as found; 0: none failed.
	FirstBoard int `json:"first_failure_board"`
	// SampleFailure is a failing published sample (shard 1).
	SampleFailure *failureJSON `json:"sample_failure,omitempty"`
}

// coverageJSON is the coverage test of a game with goals; passed is false
// when a class is under-covered, which fails the check (top-level passed).
type coverageJSON struct {
	Test         string         `json:"test"`
	Alpha        float64        `json:"alpha"`
	Generated    int            `json:"generated"`
	Passed       bool           `json:"passed"`
	Goals        []coverageGoal `json:"goals"`
	UnderCovered []string       `json:"under_covered,omitempty"`
}

type coverageGoal struct {
	Class        string                `json:"class"`
	Boards       int                   `json:"boards"`
	Share        float64               `json:"share"`
	MinShare     float64               `json:"min_share"`
	PValue       float64               `json:"p_value"`
	Alpha        float64               `json:"alpha"`
	Verdict      props.CoverageVerdict `json:"verdict"` // "ok", "under-covered", "too-few-boards" (its MarshalText)
	BoardsNeeded int                   `json:"boards_needed,omitempty"`
}

type failureJSON struct {
	Verdict   string    `json:"verdict"`
	Source    string    `json:"source"`
	Class     string    `json:"class,omitempty"`
	Input     string    `json:"input"`
	Ours      string    `json:"ours"`
	Exact     string    `json:"exact,omitempty"`
	Theirs    []float64 `json:"theirs,omitempty"`
	Stdout    string    `json:"stdout"`
	Detail    string    `json:"detail,omitempty"`
	InFile    string    `json:"input_file,omitempty"`
	AnsFile   string    `json:"answer_file,omitempty"`
	Reproduce string    `json:"reproduce,omitempty"`
	CutWhile  string    `json:"cut_while,omitempty"` // unconfirmed alone: what --time cut
}

type shrinkJSON struct {
	Method          string  `json:"method"`
	Runs            int     `json:"runs"`
	ElapsedSec      float64 `json:"elapsed_seconds"`
	Note            string  `json:"note,omitempty"`
	BudgetSec       float64 `json:"budget_seconds"`   // --shrink-time
	CutShort        bool    `json:"cut_short"`        // the budget ran out with boards left to try
	RapidSteps      int     `json:"rapid_steps"`      // smaller failing boards rapid moved to
	SimplifierSteps int     `json:"simplifier_steps"` // parts taken away after rapid
}

func writeCheckJSON(w io.Writer, g props.Game, o checkOptions, res *props.Result, files *counterexampleFiles, closest closestFiles) error {
	j := checkJSON{
		Game: g.Name(), Seed: res.Seed, GenOptions: o.gen.args(), Passed: !res.Failed() && len(res.UnderCovered()) == 0, Samples: res.Samples, Generated: res.Generated,
		Classes: res.Classes, Oracles: res.Oracles, Failures: map[string]int{}, ElapsedSec: res.Elapsed.Seconds(),
		TimeToFailSec: res.TimeToFailure.Seconds(), TimeoutSec: o.timeout.Seconds(), IdleSec: o.idleLimit().Seconds(),
		Cancelled: res.Cancelled,
		NotJudged: res.NotJudged, NotJudgedGenerated: res.NotJudgedGenerated, NotJudgedReason: res.NotJudgedReason, OverBoardTime: res.OverBoardTime,
		Asked: o.askedBoards(res), StoppedEarly: o.asked(res) != "", Interrupted: res.Interrupted,
	}
	if r := g.AnswerRule(); r.Kind.Exact() {
		j.AnswerKind, j.Modulus = r.Kind.String(), r.Modulus
	}
	j.NotJudgedClasses, j.NeverJudged = res.NotJudgedClasses, res.NeverJudged()
	j.MinJudged, j.TooFewJudged = o.minJudged, !res.Failed() && o.judgedShare(res).TooFew()
	j.Passed = j.Passed && !res.Interrupted && res.Unconfirmed == nil && res.Samples+res.Generated > 0 && !j.TooFewJudged && o.aboveFailAbove(res) == nil
	j.Closest = newClosestJSON(o.closestLimits(), &res.Closest, closest)
	for v, n := range res.Counts {
		j.Failures[v.String()] = n
	}
	toJSON := func(f *props.Failure) *failureJSON {
		fj := &failureJSON{
			Verdict: f.Verdict.String(), Source: f.Source, Class: f.Class, Input: string(f.Input),
			Ours: f.OursText, Theirs: f.Theirs, Stdout: f.Stdout, Detail: f.Detail,
		}
		if r := f.Fraction(g); r != nil {
			fj.Exact = r.RatString()
		}
		return fj
	}
	for t, n := range res.Climbed {
		if j.Climbed == nil {
			j.Climbed = map[string]int{}
		}
		j.Climbed[t.String()] = n
	}
	j.FoundBy = foundBy(res)
	if res.First != nil {
		j.First = toJSON(res.First)
		j.First.InFile, j.First.AnsFile = files.In, files.Ans
		j.First.Reproduce = o.reproduce(files.In)
		st := res.Shrink
		j.Shrink = &shrinkJSON{Method: st.Method, Runs: st.Runs, ElapsedSec: st.Elapsed.Seconds(), Note: st.Note,
			BudgetSec: st.ShrinkTime.Seconds(), CutShort: st.CutShort, RapidSteps: st.RapidSteps, SimplifierSteps: st.SimplifierSteps}
	}
	if res.Found != nil {
		j.Found = toJSON(res.Found)
	}
	for _, f := range res.NotReproduced {
		j.NotReproduced = append(j.NotReproduced, toJSON(f))
	}
	if u := res.Unconfirmed; u != nil {
		j.Unconfirmed = toJSON(u)
		j.Unconfirmed.CutWhile = u.CutWhile
	}
	if sh := res.Shard; !sh.Whole() {
		j.Shard = &checkShardJSON{Shard: sh, Cases: o.cases, Batch: o.batch, KeepGoing: o.keepGoing,
			Solver: o.solver, Alpha: res.CoverageAlpha, FirstBoard: res.FirstBoard + 1}
		if res.SampleFailure != nil {
			j.Shard.SampleFailure = toJSON(res.SampleFailure)
		}
	}
	if len(res.Coverage) > 0 {
		cj := &coverageJSON{Test: "one-sided exact binomial test of each goal at the end of the run, Bonferroni over the goals",
			Alpha: res.CoverageAlpha, Generated: res.Generated, Passed: true}
		for _, c := range res.Coverage {
			cj.Goals = append(cj.Goals, coverageGoal{Class: c.Class, Boards: c.Boards, Share: c.Share, MinShare: c.MinShare,
				PValue: c.PValue, Alpha: c.Alpha, Verdict: c.Verdict, BoardsNeeded: c.BoardsNeeded})
			if c.Verdict == props.UnderCovered {
				cj.Passed = false
				cj.UnderCovered = append(cj.UnderCovered, c.Class)
			}
		}
		j.Coverage = cj
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}
