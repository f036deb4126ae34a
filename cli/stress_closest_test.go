package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Solvers of the coin game of stress_test.go (right answer 1): shAlmost is
// off by 0.9 of the judge's 1e-6 at 1; shSlowSeven burns CPU time on the
// input 7 alone (a loop of the shell's own arithmetic: CPU time, which a
// loaded machine does not add to), right everywhere; shLikely answers
// 0.99, which the referee's 100 wins of 100 runs do not reject (p ≈ 0.37).
const (
	shAlmost    = `sh -c 'echo 0.9999991' sol`
	shSlowSeven = `sh -c 'read n; if [ "$n" = 7 ]; then i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; fi; echo 1' sol`
	shLikely    = `sh -c 'echo 0.99' sol`
	shBruteOne  = `sh -c 'echo 1' brute`
)

// TestStressClosestCalls checks that a passing stress run shows its
// closest calls with their figures against the limits and writes them
// under --out, and that --fail-above fails a solver whose worst answer
// passes it: a planted solver off by 0.9 of the tolerance shows 0.9 and
// fails above 0.5; a slow case is named slowest; the referee's test is
// scored where no brute force judges the answer.
func TestStressClosestCalls(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	base := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--params", "n=1..9", "--cases", "20", "--runs", "100", "--jobs", "2",
		"--climb", "none"} // the slowest is the uniform draw of 7
	tests := []struct {
		name      string
		args      []string
		code      int
		want      []string
		files     map[string]string // file under --out: its content ("": any)
		wantScore float64           // the JSON's worst score; 0: not checked
	}{
		{"a pass shows its closest call", []string{"--solver", shAlmost, "--brute", shBruteOne}, 0,
			[]string{"every case agreed: 20 case(s)", "closest calls", "error:  0.90 of the tolerance on case 1 (the brute force's 1, theirs 0.9999991)", " s of 2 s CPU on case "},
			map[string]string{"closest.in": "", "closest.ans": "1\n", "slowest.in": ""}, 0.9},
		{"above --fail-above", []string{"--solver", shAlmost, "--brute", shBruteOne, "--fail-above", "0.5"}, 1,
			[]string{"ABOVE --fail-above 0.5: the worst answer is 0.90 of the tolerance, on case 1: FAILED", "--fail-above 0.5: the worst answer is above it: FAIL"}, nil, 0.9},
		{"below --fail-above", []string{"--solver", shAlmost, "--brute", shBruteOne, "--fail-above", "0.95"}, 0,
			[]string{"--fail-above 0.95: no answer above it"}, nil, 0},
		{"the slowest case", []string{"--solver", shSlowSeven, "--brute", shBruteOne}, 0,
			[]string{"error:  every answer of the 20 judged exactly right (0 of the tolerance)", " s of 2 s CPU on case "},
			map[string]string{"slowest.in": "7\n"}, 0},
		{"the referee's test as a score", []string{"--solver", shLikely}, 0,
			[]string{"of the way to the referee's rejection (p = ", "the referee's mean 1, theirs 0.99"}, map[string]string{"closest.in": ""}, 0},
		{"a negative --fail-above", []string{"--solver", shAlmost, "--fail-above", "-1"}, 2, nil, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := append(append(append([]string(nil), base...), tt.args...), "--out", dir)
			runClosest(t, args, tt.code, tt.want, dir, tt.files)
			if tt.wantScore == 0 {
				return
			}
			code, out, _ := chancecheck(t, "", append(append([]string(nil), args...), "--json")...)
			var j struct {
				Passed  bool `json:"passed"`
				Closest struct {
					Error []struct {
						Score   *float64 `json:"score"`
						Against string   `json:"against"`
						File    string   `json:"file"`
					} `json:"error"`
					Above bool `json:"above_fail_above"`
				} `json:"closest_calls"`
			}
			if err := json.Unmarshal([]byte(out), &j); err != nil {
				t.Fatalf("--json: %v\n%s", err, out)
			}
			e := j.Closest.Error
			if len(e) == 0 || e[0].Score == nil || *e[0].Score < tt.wantScore-0.01 || *e[0].Score > tt.wantScore+0.01 || e[0].Against != "the brute force" || e[0].File == "" {
				t.Errorf("--json closest_calls.error %+v, want %v against the brute force, with its file", e, tt.wantScore)
			}
			if j.Passed != (tt.code == 0) || j.Closest.Above != (tt.code == 1) || code != tt.code {
				t.Errorf("--json exit %d, passed %v, above_fail_above %v; want exit %d", code, j.Passed, j.Closest.Above, tt.code)
			}
		})
	}
}

// TestProgramsCheckClosestCalls checks that check on a game defined by
// programs shows its closest calls as on a built-in game (the brute force
// is its analyst), and that --fail-above fails the planted solver off by
// 0.9 of the tolerance.
func TestProgramsCheckClosestCalls(t *testing.T) {
	needSh(t)
	game := []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shBruteOne, "--kind", "probability", "--params", "n=1..9"}
	tests := []struct {
		name  string
		args  []string
		code  int
		want  []string
		files []string
	}{
		{"a pass shows its closest call", nil, 0,
			[]string{"every answer agreed", "error:  0.90 of the tolerance on generated board 1 (ours 1, theirs 0.9999991)", " s of 2 s CPU on generated board "},
			[]string{"closest.in", "closest.ans", "slowest.in"}},
		{"above --fail-above", []string{"--fail-above", "0.5"}, 1,
			[]string{"ABOVE --fail-above 0.5: the worst answer is 0.90 of the tolerance, on generated board 1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := append(append(append([]string(nil), game...), "check", "--solver", shAlmost, "--cases", "12", "--time", "0", "--out", dir), tt.args...)
			files := map[string]string{}
			for _, name := range tt.files {
				files[name] = ""
			}
			runClosest(t, args, tt.code, tt.want, dir, files)
		})
	}
}

// runClosest runs chancecheck with args and checks its exit status, that
// stdout says each of want, and the files under dir (a content of "":
// any, as long as it is written).
func runClosest(t *testing.T, args []string, code int, want []string, dir string, files map[string]string) {
	t.Helper()
	got, out, errOut := chancecheck(t, "", args...)
	if got != code {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", got, code, out, errOut)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, out)
		}
	}
	for name, want := range files {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || want != "" && string(b) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
}
