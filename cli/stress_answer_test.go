package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// A half-and-half coin, as sh one-liners: the referee wins exactly half of
// its runs, the right answer is 1/2, printed modulo 998244353 as 499122177
// (2·499122177 = 998244354 ≡ 1).
const (
	shHalfReferee  = `sh -c 'h=$(($2/2)); printf "1 %s\n0 %s\n" $h $(($2-h))' ref`
	shHalfResidue  = `sh -c 'echo 499122177' sol`
	shHalfOffByOne = `sh -c 'echo 499122178' sol`
	shHalfBrute    = `sh -c 'echo 1/2' brute`
)

// stress --modulus: a correct residue passes (referee alone, and with a
// brute force); an off-by-one residue fails against the brute force, which
// 1e-6 relative accepted on today's code; a float run whose solver prints a
// residue is told so.
func TestStressModulus(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	base := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shHalfReferee, "--params", "n=1..9", "--cases", "3", "--runs", "1000"}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"correct, referee alone", []string{"--modulus", "998244353", "--solver", shHalfResidue}, 0,
			[]string{"answers: a residue modulo 998244353", "read back as the one fraction p/q with q ≤ 43", "every case agreed: 3 case(s)"}, ""},
		{"correct, with a brute force", []string{"--answer", "residue", "--modulus", "998244353", "--solver", shHalfResidue, "--brute", shHalfBrute}, 0,
			[]string{"brute force: answered 3 case(s)", "every case agreed: 3 case(s)"}, ""},
		{"off by one, with a brute force", []string{"--modulus", "998244353", "--solver", shHalfOffByOne, "--brute", shHalfBrute}, 1,
			[]string{"FAILED: the solver disagrees with the brute force", "found on case 1 of 3",
				"the solver's answer: 499122178\n", "the brute force's answer: 499122177 (= 1/2 mod 998244353)\n",
				"compared exactly, as a residue modulo 998244353"}, ""},
		{"off by one, referee alone: not judged", []string{"--modulus", "998244353", "--solver", shHalfOffByOne}, 2,
			[]string{"not judged: 3 case(s)", "cannot be judged by simulation", "NOTHING JUDGED: nobody could judge any of the 3 case(s)"}, ""},
		{"a residue read as a float", []string{"--solver", shHalfResidue}, 1,
			[]string{"FAILED: the referee's runs reject the solver's answer", "hint: the solver's answer 499122177 is an integer far outside the outcomes' range [0, 1]", "--modulus P"}, ""},
		{"residue without a modulus", []string{"--answer", "residue", "--solver", shHalfResidue}, 2, nil, "--answer residue needs --modulus P"},
		{"a modulus that is not prime", []string{"--modulus", "1000000008", "--solver", shHalfResidue}, 2, nil, "is not prime"},
		{"a modulus of 0 (issue 29: it meant none, silently)", []string{"--modulus", "0", "--solver", shHalfResidue}, 2, nil, "--modulus 0: the modulus is a prime"},
		{"a tolerance with an exact answer", []string{"--modulus", "998244353", "--tolerance", "1e-9", "--solver", shHalfResidue}, 2, nil, "--tolerance is the rule of a float answer"},
		{"a denominator bound past uniqueness", []string{"--modulus", "998244353", "--max-denominator", "30000", "--solver", shHalfResidue}, 2, nil, "unique small fraction only up to 22341"},
		{"an unknown kind", []string{"--answer", "decimal", "--solver", shHalfResidue}, 2, nil, `--answer: answer kind "decimal": want one of float, integer, fraction, residue`},
		{"fractions", []string{"--answer", "fraction", "--solver", `sh -c 'echo 2/4' sol`, "--brute", shHalfBrute}, 0, []string{"every case agreed: 3 case(s)"}, ""},
		// A brute force printing a residue (of 1/99991) where p/q is expected
		// is warned of: the referee cannot test what it cannot read back
		// (issue 30 part 5: before, "every case agreed" without a word).
		{"a brute force printing residues", []string{"--modulus", "998244353", "--solver", `sh -c 'echo 627872347' sol`, "--brute", `sh -c 'echo 627872347' brute`}, 0,
			[]string{"WARNING: the brute force printed a residue, not p/q, on 3 case(s) (the first: case 1: 627872347)", "every case agreed: 3 case(s)"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", append(append([]string(nil), base...), tt.args...)...)
			ok := code == tt.code && strings.Contains(errOut, tt.stderr)
			for _, w := range tt.stdout {
				ok = ok && strings.Contains(out, w)
			}
			// Only a brute force printing residues is warned of.
			ok = ok && strings.Contains(tt.name, "printing residues") == strings.Contains(out, "WARNING: the brute force printed a residue")
			if !ok {
				t.Errorf("exit %d, stdout:\n%s\nstderr %q; want exit %d, %q and %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// --json names the answer's kind, the modulus, the read-back bounds and
// both answers as printed, with their fractions.
func TestStressModulusJSON(t *testing.T) {
	needSh(t)
	code, out, errOut := chancecheck(t, "", "stress", "--kind", "probability", "--generator", shGen, "--referee", shHalfReferee, "--params", "n=1..9",
		"--cases", "3", "--runs", "1000", "--modulus", "998244353", "--solver", shHalfOffByOne, "--brute", shHalfBrute, "--json")
	var j stressJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 {
		t.Fatalf("exit %d, %v:\n%s\n%s", code, err, out, errOut)
	}
	switch f := j.First; {
	case j.AnswerKind != "residue" || j.Modulus != 998244353 || j.ReadBack == nil || j.ReadBack.MaxDenominator != 43:
		t.Errorf("answer_kind %q, modulus %d, read_back %+v", j.AnswerKind, j.Modulus, j.ReadBack)
	case f == nil || f.AnswerText != "499122178" || f.BruteText != "499122177" || f.BruteFraction != "1/2" || f.Fraction != "":
		t.Errorf("first failure %+v", f)
	}
}

// programs --modulus: check compares residues exactly (the off-by-one
// residue passed at 1e-6 relative on today's code), with a brute force of
// fractions or of residues; solve prints the residue, and the
// counterexample's .ans holds it.
func TestProgramsModulus(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	dir := t.TempDir()
	game := func(brute string) []string {
		return []string{"programs", "--generator", shGen, "--referee", shHalfReferee, "--brute", brute, "--kind", "probability", "--params", "n=1..9", "--modulus", "998244353"}
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
	}{
		{"right, brute force of fractions", append(game(shHalfBrute), "check", "--solver", shHalfResidue, "--cases", "5"), 0, []string{"every answer agreed"}},
		{"right, brute force of residues", append(game(shHalfResidue), "check", "--solver", shHalfResidue, "--cases", "5"), 0, []string{"every answer agreed"}},
		{"off by one", append(game(shHalfBrute), "check", "--solver", shHalfOffByOne, "--cases", "5", "--out", dir), 1,
			[]string{"WRONG ANSWER", "our answer (" + dir + "/counterexample.ans):\n499122177\n", "exact: 499122177 (= 1/2 mod 998244353)",
				"case 1: 499122178, want 499122177 (= 1/2 mod 998244353)"}},
		{"solve prints the residue", append(game(shHalfBrute), "solve", "-"), 0, []string{"499122177\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "3\n", tt.args...)
			ok := code == tt.code
			for _, w := range tt.stdout {
				ok = ok && strings.Contains(out, w)
			}
			if !ok {
				t.Errorf("exit %d, stdout:\n%s\nstderr %q; want exit %d and %q", code, out, errOut, tt.code, tt.stdout)
			}
		})
	}
}

// --brute-distribution: an expectation needs no stated range when the brute
// force prints its distribution, in stress and in report.
func TestBruteDistribution(t *testing.T) {
	needSh(t)
	dir := t.TempDir()
	const brute = `sh -c 'printf "1/2\n0 0.5\n1 0.5\n"' brute`
	stress := []string{"stress", "--kind", "expectation", "--generator", shGen, "--referee", shHalfReferee, "--params", "n=1..9", "--cases", "3", "--runs", "1000", "--solver", shHalfResidue, "--modulus", "998244353"}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"stress with no range", append(stress, "--brute", brute, "--brute-distribution"), 0, "statistical test: DKW on the brute force's distribution", ""},
		{"stress without a brute force", append(stress, "--brute-distribution"), 2, "", "--brute-distribution goes with --kind expectation and --brute"},
		{"report", []string{"programs", "--generator", shGen, "--referee", shHalfReferee, "--brute", brute, "--brute-distribution", "--kind", "expectation",
			"--params", "n=1..9", "--modulus", "998244353", "report", "--boards", "3", "--runs", "4096", "--out", dir}, 0, "verdict: pass", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", tt.args...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, stdout:\n%s\nstderr %q; want exit %d, %q and %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// check --json names an exact game's kind of answer and modulus.
func TestCheckJSONModulus(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	code, out, errOut := chancecheck(t, "", "programs", "--generator", shGen, "--referee", shHalfReferee, "--brute", shHalfBrute, "--kind", "probability",
		"--params", "n=1..9", "--modulus", "998244353", "check", "--solver", shHalfOffByOne, "--cases", "3", "--json")
	var j checkJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 {
		t.Fatalf("exit %d, %v:\n%s\n%s", code, err, out, errOut)
	}
	if j.AnswerKind != "residue" || j.Modulus != 998244353 || j.First == nil || j.First.Ours != "499122177\n" || j.First.Exact != "1/2" {
		t.Errorf("answer_kind %q, modulus %d, first %+v", j.AnswerKind, j.Modulus, j.First)
	}
}
