package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// A check stopped by an inconsistent oracle names the board: its input is
// written to --out and shown with a line that replays it, as text and as
// --json, and check merge refuses a shard that stopped so (issue 29:
// check --json printed nothing, then check merge failed on EOF, and the
// stop said no input, no reproduce line, no file).
func TestCheckStoppedByAnInconsistentOracle(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	// Each brute force counts its runs per input, since check solves the
	// next input's boards while the solver runs on this one's. It answers
	// 1.003 on its first `first` runs and then, alternating, 1 and 1.003:
	// with first 1 the fault is seen while the board is solved, with
	// first OracleRuns it is seen only when the board is re-checked
	// before the verdict (props/trust.go) — that stop wrote no input
	// (ci/fault-injection, issue 29).
	for _, tc := range []struct {
		name  string
		first int
		json  bool
	}{
		{"while solving, text", 1, false},
		{"while solving, json", 1, true},
		{"before the verdict, text", props.OracleRuns, false},
		{"before the verdict, json", props.OracleRuns, true},
	} {
		asJSON := tc.json
		counter := filepath.Join(t.TempDir(), "runs")
		flaky := fmt.Sprintf(`sh -c 'f=%s.$(cksum | cut -d" " -f1); n=$(cat $f 2>/dev/null || echo 0); echo $((n+1)) > $f; if [ $n -lt %d ] || [ $(((n-%d) %% 2)) -eq 1 ]; then echo 1.003; else echo 1; fi' brute`, counter, tc.first, tc.first)
		game := []string{"programs", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--brute", flaky, "--params", "n=1..9"}
		out := t.TempDir()
		args := append(append([]string{}, game...), "check", "--solver", shRight, "--cases", "4", "--shard", "1/2", "--jobs", "1", "--out", out)
		if asJSON {
			args = append(args, "--json")
		}
		code, stdout, stderr := chancecheck(t, "", args...)
		if code != 2 || !strings.Contains(stderr, "the oracle is inconsistent") {
			t.Fatalf("%s: exit %d, stderr %q; want 2 naming the oracle", tc.name, code, stderr)
		}
		file := filepath.Join(out, oracleFaultFile)
		input, err := os.ReadFile(file)
		if err != nil || len(input) == 0 {
			t.Fatalf("%s: the input was not written: %v", tc.name, err)
		}
		if !asJSON {
			for _, want := range []string{"stopped, the oracle at fault", "input (" + file + "):\n" + string(input), "reproduce: run the oracle"} {
				if !strings.Contains(stdout, want) {
					t.Errorf("text lacks %q:\n%s", want, stdout)
				}
			}
			continue
		}
		var j checkJSON
		if err := json.Unmarshal([]byte(stdout), &j); err != nil || j.OracleFault == nil || j.Passed {
			t.Fatalf("--json: %v, %+v:\n%s", err, j.OracleFault, stdout)
		}
		if j.OracleFault.Input != string(input) || j.OracleFault.InFile != file || j.OracleFault.Reproduce == "" {
			t.Errorf("--json oracle_fault %+v, want the input of %s and a reproduce line", j.OracleFault, file)
		}
		shard := filepath.Join(t.TempDir(), "shard1.json")
		if err := os.WriteFile(shard, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr = chancecheck(t, "", append(append([]string{}, game...), "check", "merge", "--out", t.TempDir(), shard)...)
		if code != 2 || !strings.Contains(stderr, "stopped on an oracle at fault") {
			t.Errorf("check merge of it: exit %d, stderr %q; want 2 naming the oracle", code, stderr)
		}
	}
}
