package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stress --out writes the shrunk failure's input as the solver read it
// (under a count line of 1 with --tests) and the brute force's answer,
// and says where; without a failure it writes nothing.
func TestStressOut(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	const shRightBrute = `sh -c 'echo 1' brute`
	// Packed: the solver reads t, then t values of n, one answer a line.
	const shWrongPacked = `sh -c 'read t; while read n; do if [ "$n" -ge 3 ]; then echo 0.9; else echo 1; fi; done' sol`
	const shBrutePacked = `sh -c 'read t; while read n; do echo 1; done' brute`
	base := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee,
		"--params", "n=1..9", "--cases", "10", "--runs", "200", "--alpha", "0.01", "--shrink-seeds", "1"}
	tests := []struct {
		name    string
		args    []string
		code    int
		in, ans string // "" for no file
	}{
		{"one case an input", []string{"--solver", shWrong, "--brute", shRightBrute}, 1, "3\n", "1\n"},
		{"packed", []string{"--tests", "4", "--solver", shWrongPacked, "--brute", shBrutePacked}, 1, "1\n3\n", "1\n"},
		{"no brute force: no answer file", []string{"--solver", shWrong}, 1, "3\n", ""},
		{"a pass writes nothing", []string{"--solver", shRight}, 0, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			code, out, errOut := chancecheck(t, "", append(append(append([]string(nil), base...), tt.args...), "--out", dir)...)
			if code != tt.code {
				t.Fatalf("exit %d, stdout:\n%s\nstderr %s", code, out, errOut)
			}
			for _, file := range []struct{ name, want string }{{"counterexample.in", tt.in}, {"counterexample.ans", tt.ans}} {
				path := filepath.Join(dir, file.name)
				got, err := os.ReadFile(path)
				switch {
				case file.want == "" && err == nil:
					t.Errorf("%s written (%q): want none", file.name, got)
				case file.want != "" && (err != nil || string(got) != file.want):
					t.Errorf("%s: %q, %v; want %q", file.name, got, err, file.want)
				case file.want != "" && !strings.Contains(out, path):
					t.Errorf("the output does not say where %s is:\n%s", file.name, out)
				}
			}
		})
	}
	dir := t.TempDir()
	code, out, _ := chancecheck(t, "", append(append([]string(nil), base...), "--solver", shWrong, "--out", dir, "--json")...)
	var j stressJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 || j.First == nil || j.First.InFile != filepath.Join(dir, "counterexample.in") {
		t.Errorf("exit %d, %v, first %+v: want in_file in the JSON", code, err, j.First)
	}
}
