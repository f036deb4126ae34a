package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// env is a fake environment for --shard auto.
func env(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		m[k] = v
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// TestParseShardAuto reads each batch system's variables as that system
// sets them (the expected slices derived by hand: a Kubernetes index counts
// from 0, a Slurm task id from the array's least id in its step) and
// refuses what is missing, malformed or contradictory with an error that
// names the variable.
func TestParseShardAuto(t *testing.T) {
	tests := []struct {
		name    string
		value   string
		env     []string
		want    props.Shard
		wantErr string // substring; "" for no error
	}{
		{"explicit i/n ignores the environment", "2/3", []string{"CHANCECHECK_SHARD=1/3"}, props.Shard{Index: 2, Count: 3}, ""},
		{"nothing set", "auto", nil, props.Shard{}, "no batch system's shard in the environment"},
		{"count alone is nothing", "auto", []string{"CHANCECHECK_SHARD_COUNT=3"}, props.Shard{}, "no batch system's shard"},

		// GitHub Actions, as the reusable workflow passes its matrix entry.
		{"CHANCECHECK_SHARD", "auto", []string{"CHANCECHECK_SHARD=2/3"}, props.Shard{Index: 2, Count: 3}, ""},
		{"CHANCECHECK_SHARD out of range", "auto", []string{"CHANCECHECK_SHARD=4/3"}, props.Shard{}, "CHANCECHECK_SHARD: shard \"4/3\""},
		{"CHANCECHECK_SHARD empty", "auto", []string{"CHANCECHECK_SHARD="}, props.Shard{}, "CHANCECHECK_SHARD"},

		// Kubernetes Indexed Job: index 0..completions-1.
		{"kubernetes first", "auto", []string{"JOB_COMPLETION_INDEX=0", "CHANCECHECK_SHARD_COUNT=4"}, props.Shard{Index: 1, Count: 4}, ""},
		{"kubernetes last", "auto", []string{"JOB_COMPLETION_INDEX=3", "CHANCECHECK_SHARD_COUNT=4"}, props.Shard{Index: 4, Count: 4}, ""},
		{"kubernetes without a count", "auto", []string{"JOB_COMPLETION_INDEX=1"}, props.Shard{}, "CHANCECHECK_SHARD_COUNT is not"},
		{"kubernetes index past the count", "auto", []string{"JOB_COMPLETION_INDEX=4", "CHANCECHECK_SHARD_COUNT=4"}, props.Shard{}, "want 0 ≤ index < count"},
		{"kubernetes index not a number", "auto", []string{"JOB_COMPLETION_INDEX=two", "CHANCECHECK_SHARD_COUNT=4"}, props.Shard{}, `JOB_COMPLETION_INDEX="two"`},
		{"kubernetes count zero", "auto", []string{"JOB_COMPLETION_INDEX=0", "CHANCECHECK_SHARD_COUNT=0"}, props.Shard{}, "want 0 ≤ index < count"},

		// Slurm job arrays: --array=1-3, --array=0-2, --array=5-7, --array=0-8:4.
		{"slurm 1-3", "auto", []string{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=3"}, props.Shard{Index: 1, Count: 3}, ""},
		{"slurm 0-2", "auto", []string{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=2"}, props.Shard{Index: 3, Count: 3}, ""},
		{"slurm 5-7", "auto", []string{"SLURM_ARRAY_TASK_ID=6", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_MAX=7"}, props.Shard{Index: 2, Count: 3}, ""},
		{"slurm 0-8:4", "auto", []string{"SLURM_ARRAY_TASK_ID=8", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=8", "SLURM_ARRAY_TASK_STEP=4"}, props.Shard{Index: 3, Count: 3}, ""},
		{"slurm without max or step", "auto", []string{"SLURM_ARRAY_TASK_ID=11", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_MIN=10"}, props.Shard{Index: 2, Count: 2}, ""},
		{"slurm without min", "auto", []string{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=3"}, props.Shard{}, "SLURM_ARRAY_TASK_MIN is not"},
		{"slurm without count", "auto", []string{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1"}, props.Shard{}, "SLURM_ARRAY_TASK_COUNT is not"},
		{"slurm list 1,2,7", "auto", []string{"SLURM_ARRAY_TASK_ID=7", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=7"}, props.Shard{}, "not evenly spaced"},
		{"slurm id off the step", "auto", []string{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=8", "SLURM_ARRAY_TASK_STEP=4"}, props.Shard{}, "is not one of the array's task ids (0, 4, 8)"},
		{"slurm id below min", "auto", []string{"SLURM_ARRAY_TASK_ID=4", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=5"}, props.Shard{}, "is not one of the array's task ids (5, 6, 7)"},
		{"slurm step zero", "auto", []string{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_STEP=0"}, props.Shard{}, "want both at least 1"},

		// Several systems: they must agree.
		{"two agree", "auto", []string{"CHANCECHECK_SHARD=2/3", "JOB_COMPLETION_INDEX=1", "CHANCECHECK_SHARD_COUNT=3"}, props.Shard{Index: 2, Count: 3}, ""},
		{"two disagree", "auto", []string{"CHANCECHECK_SHARD=1/3", "SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=1"}, props.Shard{}, "says shard 1/3 but SLURM_ARRAY_TASK_ID=2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseShard(tt.value, env(tt.env...))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("error %v, want shard %v", err, tt.want)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("got %v, %v; want an error with %q", got, err, tt.wantErr)
			case got != tt.want:
				t.Fatalf("got shard %v, want %v", got, tt.want)
			}
		})
	}
}

// report and check take --shard auto from the App's environment: the
// report of a Slurm task is byte for byte the report of the shard it
// names, check's verdict names that shard, and with no batch system in
// the environment both are usage errors (exit 2) saying what to set.
func TestShardAutoCommands(t *testing.T) {
	run := func(lookup func(string) (string, bool), args ...string) (int, string, string) {
		t.Helper()
		var out, errOut bytes.Buffer
		app := App{Games: builtins(), lookupEnv: lookup}
		code := app.Run(context.Background(), args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	slurm := env("SLURM_ARRAY_TASK_ID=6", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_MAX=7")

	report := []string{"report", "--games", "snakes", "--boards", "3", "--runs", "500", "--seed", "5"}
	dir := t.TempDir()
	auto, explicit := filepath.Join(dir, "auto"), filepath.Join(dir, "explicit")
	if code, out, errOut := run(slurm, append(report, "--shard", "auto", "--out", auto)...); code != 0 {
		t.Fatalf("report --shard auto: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(env(), append(report, "--shard", "2/3", "--out", explicit)...); code != 0 {
		t.Fatalf("report --shard 2/3: exit %d\n%s%s", code, out, errOut)
	}
	if a, b := mustRead(t, filepath.Join(auto, "report.json")), mustRead(t, filepath.Join(explicit, "report.json")); a != b || !strings.Contains(a, `"count": 3`) {
		t.Fatalf("report --shard auto under task 6 of 5-7 is not shard 2/3:\n%s", a)
	}

	check := []string{"check", "bit", "--solver", helperSolver(t, "bit"), "--cases", "6", "--time", "0", "--json", "--out", t.TempDir(), "--shard", "auto"}
	var games = App{Games: checkGames(), lookupEnv: slurm}
	var out, errOut bytes.Buffer
	if code := games.Run(context.Background(), check, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("check --shard auto: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	var j checkJSON
	if err := json.Unmarshal(out.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j.Shard == nil || j.Shard.Index != 2 || j.Shard.Count != 3 {
		t.Fatalf("check --shard auto under task 6 of 5-7: shard %+v, want 2/3", j.Shard)
	}

	for _, args := range [][]string{
		append(report, "--shard", "auto", "--out", t.TempDir()),
		{"check", "snakes", "--solver", "true", "--cases", "4", "--shard", "auto"},
	} {
		code, _, errOut := run(env(), args...)
		if code != 2 || !strings.Contains(errOut, "no batch system's shard") {
			t.Errorf("%s --shard auto with no batch system: exit %d, stderr %q; want a usage error saying what to set", args[0], code, errOut)
		}
	}
}
