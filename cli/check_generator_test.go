package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A generator at fault stops programs check as it stops stress: the
// generator named, the same words, exit 2, the solver not blamed and the
// analyst not said to have failed (issue 29: programs check said "the
// analyst failed", exit 1). --json says it too, and check merge refuses a
// shard that stopped so.
func TestCheckStoppedByTheGenerator(t *testing.T) {
	needSh(t)
	// Each generator prints its run count: a different input every run,
	// whatever the order its runs come in. The crashing one exits 3.
	counting := func() string {
		counter := filepath.Join(t.TempDir(), "runs")
		return fmt.Sprintf(`sh -c 'n=$(cat %s 2>/dev/null || echo 0); echo $((n+1)) > %s; echo $n' gen`, counter, counter)
	}
	for _, tc := range []struct {
		name, want string
		generator  func() string
	}{
		{"not deterministic", "run twice with the same arguments it printed different inputs", counting},
		{"crashes", "the generator failed (crash)", func() string { return `sh -c 'exit 3' gen` }},
		{"prints nothing", "it printed nothing: an input was expected", func() string { return `sh -c 'echo' gen` }},
	} {
		game := func() []string {
			return []string{"--kind", "probability", "--generator", tc.generator(), "--referee", shReferee, "--params", "n=1..9"}
		}
		// stress: the reference wording.
		code, stdout, stderr := chancecheck(t, "", append(append([]string{"stress"}, game()...), "--brute", shRight, "--solver", shRight, "--cases", "4")...)
		if code != 2 || !strings.Contains(stdout+stderr, tc.want) || !strings.Contains(stderr, "the solver is not blamed") {
			t.Fatalf("%s: stress: exit %d, want 2 with %q:\n%s%s", tc.name, code, tc.want, stdout, stderr)
		}
		for _, asJSON := range []bool{false, true} {
			args := append(append(append([]string{"programs"}, game()...), "--brute", shRight), "check", "--solver", shRight, "--cases", "4", "--jobs", "1", "--out", t.TempDir())
			if asJSON {
				args = append(args, "--shard", "1/2", "--json")
			}
			code, stdout, stderr = chancecheck(t, "", args...)
			if code != 2 || !strings.Contains(stderr, "check stopped: ") || !strings.Contains(stderr, tc.want) ||
				!strings.Contains(stderr, "the solver is not blamed") || strings.Contains(stdout+stderr, "analyst") {
				t.Fatalf("%s: programs check (json %v): exit %d, want 2 with %q, the solver not blamed, no analyst:\n%s%s", tc.name, asJSON, code, tc.want, stdout, stderr)
			}
			if !asJSON {
				continue
			}
			var j checkJSON
			if err := json.Unmarshal([]byte(stdout), &j); err != nil || j.GeneratorFault == nil || j.Passed || !strings.Contains(j.GeneratorFault.Error, tc.want) {
				t.Fatalf("%s: --json: %v, %+v:\n%s", tc.name, err, j.GeneratorFault, stdout)
			}
			shard := filepath.Join(t.TempDir(), "shard1.json")
			if err := os.WriteFile(shard, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, stderr = chancecheck(t, "", append(append(append([]string{"programs"}, game()...), "--brute", shRight), "check", "merge", "--out", t.TempDir(), shard)...)
			if code != 2 || !strings.Contains(stderr, "stopped on its generator at fault") {
				t.Errorf("%s: check merge of it: exit %d, stderr %q; want 2 naming the generator", tc.name, code, stderr)
			}
		}
	}
}
