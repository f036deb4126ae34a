package programs

import (
	"errors"
	"github.com/chancecheck/chancecheck/answer"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// classify decides each case from its runs alone: one row a way the
// programs can end on an input.
func TestClassify(t *testing.T) {
	crash := &Fault{Role: RoleSolver, Verdict: props.Crash, Detail: "exit status 1"}
	bruteFault := &Fault{Role: RoleBrute, Verdict: props.Crash, Detail: "segfault"}
	refereeFault := &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Detail: "no outcomes"}
	pass := &estimate.Agreement{Pass: true, Runs: 100}
	reject := &estimate.Agreement{Pass: false, Runs: 100, PValue: 1e-9, Alpha: 1e-3}
	answered := func(x float64) *Failure { // with the referee's runs a rejection shows
		return &Failure{Verdict: props.WrongAnswer, Answer: x, AnswerValue: answer.FloatValue(x), HasAnswer: true, RefereeTally: Tally{N: 100, Mean: 0.9}}
	}
	withBrute := func(x, brute float64) *Failure {
		f := answered(x)
		f.Brute, f.BruteValue, f.HasBrute = brute, answer.FloatValue(brute), true
		return f
	}
	validator := &Command{Argv: []string{"validate"}}
	tests := []struct {
		name       string
		validator  Program
		solverDist bool
		runs       caseRuns
		want       caseVerdict // detail apart
		detail     string      // a part of the verdict's detail
	}{
		{name: "the solver crashes: the other programs are asked first",
			runs: caseRuns{f: &Failure{}, solverFault: crash},
			want: caseVerdict{kind: SolverFault, verdict: props.Crash, then: askOthers}, detail: "exit status 1"},
		{name: "the solver crashes, with a validator: its own fault", validator: validator,
			runs: caseRuns{f: &Failure{}, solverFault: crash},
			want: caseVerdict{kind: SolverFault, verdict: props.Crash}},
		{name: "the solver's output is flaky",
			runs: caseRuns{f: &Failure{}, flaky: "the first run: ..."},
			want: caseVerdict{kind: SolverFault, verdict: props.Flaky, then: askOthers}, detail: "the first run"},
		{name: "the solver's output is not one answer",
			runs: caseRuns{f: &Failure{}, formatErr: errors.New("two numbers")},
			want: caseVerdict{kind: SolverFault, verdict: props.OutputFormat, then: askOthers}, detail: "two numbers"},
		{name: "every program agrees",
			runs: caseRuns{f: withBrute(0.5, 0.5), agreement: pass},
			want: caseVerdict{verdict: props.WrongAnswer, bruteCompared: true}},
		{name: "the brute force fails: its fault, nobody else judged",
			runs: caseRuns{f: answered(0.5), bruteFault: bruteFault},
			want: caseVerdict{verdict: props.WrongAnswer, fault: bruteFault}},
		{name: "the brute force is out of time: the referee judges alone",
			runs: caseRuns{f: answered(0.5), bruteSlow: true, agreement: pass},
			want: caseVerdict{verdict: props.WrongAnswer, bruteSkipped: true}},
		{name: "the referee is out of time and no brute force answered: not judged",
			runs: caseRuns{f: answered(0.5), bruteSlow: true, refereeSlow: true},
			want: caseVerdict{verdict: props.WrongAnswer, bruteSkipped: true, refereeSkipped: true,
				notJudged: "the referee ran out of time, also when run again alone (too big to simulate; --program-timeout), and no brute force answered"}},
		{name: "the referee is out of time: the brute force judges alone, and disagrees",
			runs:   caseRuns{f: withBrute(0.5, 0.25), refereeSlow: true},
			want:   caseVerdict{kind: BruteDisagrees, verdict: props.WrongAnswer, bruteCompared: true, refereeSkipped: true, then: recheckBrute},
			detail: "the solver says 0.5, the brute force 0.25"},
		{name: "the referee fails: its fault",
			runs: caseRuns{f: withBrute(0.5, 0.25), refereeFault: refereeFault},
			want: caseVerdict{verdict: props.WrongAnswer, bruteCompared: true, fault: refereeFault}},
		{name: "the referee cannot judge and there is no brute force: not judged",
			runs: caseRuns{f: answered(0.5), refereeCannot: "no fraction"},
			want: caseVerdict{verdict: props.WrongAnswer, notJudged: "no fraction"}},
		{name: "the referee cannot judge: the brute force does",
			runs: caseRuns{f: withBrute(0.5, 0.5), refereeCannot: "no fraction"},
			want: caseVerdict{verdict: props.WrongAnswer, bruteCompared: true}},
		{name: "the referee rejects the solver's answer",
			runs: caseRuns{f: answered(0.5), agreement: reject},
			want: caseVerdict{kind: RefereeDisagrees, verdict: props.WrongAnswer}, detail: "the referee's mean 0.9 over 100 runs, the solver's answer 0.5"},
		{name: "the referee rejects the brute force's answer: the programs disagree, the brute force re-checked",
			runs:   caseRuns{f: withBrute(0.5, 0.5), agreement: reject},
			want:   caseVerdict{kind: ProgramsDisagree, verdict: props.WrongAnswer, bruteCompared: true, then: recheckBrute},
			detail: "the brute force's answer 0.5"},
		{name: "the referee rejects the brute force's answer, which the solver's is not",
			runs: caseRuns{f: withBrute(0.7, 0.5), agreement: reject},
			want: caseVerdict{kind: ProgramsDisagree, verdict: props.WrongAnswer, bruteCompared: true, then: recheckBrute}},
		{name: "the referee passes, the brute force disagrees",
			runs: caseRuns{f: withBrute(0.5, 0.25), agreement: pass},
			want: caseVerdict{kind: BruteDisagrees, verdict: props.WrongAnswer, bruteCompared: true, then: recheckBrute}},
		{name: "against the solver's distribution the referee rejects; the brute force agrees", solverDist: true,
			runs: caseRuns{f: withBrute(0.5, 0.5), agreement: reject},
			want: caseVerdict{kind: RefereeDisagrees, verdict: props.WrongAnswer, bruteCompared: true}, detail: "the solver's answer 0.5"},
		{name: "against the solver's distribution the referee rejects; the brute force disagrees too", solverDist: true,
			runs:   caseRuns{f: withBrute(0.5, 0.25), agreement: reject},
			want:   caseVerdict{kind: BruteDisagrees, verdict: props.WrongAnswer, bruteCompared: true, then: recheckBrute},
			detail: "the brute force 0.25"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Stress{GameSpec: GameSpec{Quantity: Probability, Validator: tt.validator}, SolverDistribution: tt.solverDist}
			got := s.classify(tt.runs)
			if !strings.Contains(got.detail, tt.detail) {
				t.Errorf("detail %q, want it to hold %q", got.detail, tt.detail)
			}
			got.detail = ""
			if got != tt.want {
				t.Errorf("verdict\n %+v, want\n %+v", got, tt.want)
			}
		})
	}
}
