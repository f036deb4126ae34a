package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repo makes a git repository holding files (path: content), committed,
// and makes it the working directory.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "test"},
	} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Chdir(dir)
	return dir
}

func dryRun(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out bytes.Buffer
	code := run(append([]string{"-dir", t.TempDir()}, args...), &out, &out)
	return code, out.String()
}

// sharded is a reusable workflow of the shape of chancecheck.yml: a plan
// job's output makes a matrix, each entry uploads an artifact, and a merge
// job downloads them all and writes the job summary.
const sharded = `on:
  workflow_call:
    inputs:
      shards: {type: number, default: 3}
      fail: {type: string, default: ""}
jobs:
  plan:
    runs-on: ubuntu-latest
    outputs:
      shards: ${{ steps.plan.outputs.shards }}
    steps:
      - id: plan
        env:
          N: ${{ inputs.shards }}
        run: echo "shards=[$(seq -s, 1 "$N")]" >> "$GITHUB_OUTPUT"
  work:
    needs: plan
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: ${{ fromJSON(needs.plan.outputs.shards) }}
    steps:
      - uses: actions/checkout@v4
      - run: |
          mkdir -p out pkg/testdata/rapid/T
          echo "shard ${{ matrix.shard }} of $(cat data.txt)" > out/part.txt
          echo fail > pkg/testdata/rapid/T/T-${{ matrix.shard }}.fail
          [ "${{ matrix.shard }}" != "${{ inputs.fail }}" ]
      - if: failure()
        uses: actions/upload-artifact@v4
        with:
          name: fail-files-${{ matrix.shard }}
          path: "**/testdata/rapid/**"
      - if: always()
        uses: actions/upload-artifact@v4
        with:
          name: part-${{ matrix.shard }}
          path: out/
  merge:
    needs: [plan, work]
    if: ${{ !cancelled() }}
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v4
        with:
          pattern: part-*
          path: parts
      - run: cat parts/*/part.txt | tee -a "$GITHUB_STEP_SUMMARY"
`

func TestDryRunPasses(t *testing.T) {
	repo(t, map[string]string{"wf.yml": sharded, "data.txt": "the data"})
	code, out := dryRun(t, "wf.yml")
	if code != 0 {
		t.Fatalf("exit %d, want 0:\n%s", code, out)
	}
	for _, want := range []string{
		"== work (shard: 3)",
		"shard 3 of the data", // each job checks out the tree; merge reads every shard
		"upload-artifact@v4: skipped (if: failure())",
		"3 artifact(s) matching part-*",
		"   | shard 1 of the data", // the job summary
		"workflowrun: passed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestDryRunFails(t *testing.T) {
	repo(t, map[string]string{"wf.yml": sharded, "data.txt": "x"})
	dir := t.TempDir()
	var buf bytes.Buffer
	code := run([]string{"-dir", dir, "-input", "fail=2", "-input", "shards=2", "wf.yml"}, &buf, &buf)
	out := buf.String()
	if code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", code, out)
	}
	// The failing entry uploads its fail files and its part; merge still runs.
	if _, err := os.Stat(filepath.Join(dir, "artifacts", "fail-files-2", "pkg", "testdata", "rapid", "T", "T-2.fail")); err != nil {
		t.Errorf("fail files of shard 2 not uploaded with their paths: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "artifacts", "fail-files-1")); err == nil {
		t.Error("shard 1 passed but uploaded fail files")
	}
	for _, want := range []string{`work \(shard: 2\) +failure`, `\n  merge +success`, `FAILED`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

func TestDryRunCallsAndSkips(t *testing.T) {
	caller := `on: push
jobs:
  first:
    uses: ./wf.yml
    with:
      shards: 1
  second:
    needs: first
    uses: ./wf.yml
    with:
      shards: 2
`
	repo(t, map[string]string{"ci.yml": caller, "wf.yml": sharded, "data.txt": "x"})
	code, out := dryRun(t, "-skip", "second/merge:Run cat parts/*/part.txt | tee -a \"$GITHUB_STEP_SUMMARY\"", "-skip-reason", "not today", "ci.yml")
	// Both calls upload part-1: v4 artifact names are unique in a run.
	if code != 1 || !strings.Contains(out, `an artifact named "part-1" is already in this run`) {
		t.Errorf("exit %d, want 1 and the name clash:\n%s", code, out)
	}
	if !strings.Contains(out, "== first/work (shard: 1)") || !strings.Contains(out, "skipped: not today") {
		t.Errorf("jobs of called workflows are not named caller/job, or -skip did not skip:\n%s", out)
	}
}

func TestDryRunRefuses(t *testing.T) {
	tests := []struct{ name, wf, arg, want string }{
		{"an action it does not emulate", "on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/cache@v4\n",
			"", "actions/cache@v4 is not emulated"},
		{"a syntax error", "on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - run: [\n", "", "wf.yml:"},
		{"an unknown input", sharded, "-input=nope=1", "matched no input or step: -input nope"},
		{"a step -skip does not find", sharded, "-skip=work:no such step", "-skip work:no such step"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo(t, map[string]string{"wf.yml": tt.wf, "data.txt": "x"})
			args := []string{"wf.yml"}
			if tt.arg != "" {
				args = append([]string{tt.arg}, args...)
			}
			code, out := dryRun(t, args...)
			if code != 2 || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, want 2 and %q:\n%s", code, tt.want, out)
			}
		})
	}
}

func TestDryRunClonesHead(t *testing.T) {
	dir := repo(t, map[string]string{"wf.yml": sharded, "data.txt": "committed"})
	if err := os.WriteFile(filepath.Join(dir, "data.txt"), []byte("uncommitted"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := dryRun(t, "-input", "shards=1", "wf.yml")
	if code != 0 || !strings.Contains(out, "shard 1 of committed") || !strings.Contains(out, "1 uncommitted change(s), which are not in it") {
		t.Errorf("exit %d; want HEAD's data.txt and a note of the uncommitted change:\n%s", code, out)
	}
	code, out = dryRun(t, "-worktree", "-input", "shards=1", "wf.yml")
	if code != 0 || !strings.Contains(out, "shard 1 of uncommitted") {
		t.Errorf("-worktree: exit %d; want the working tree's data.txt:\n%s", code, out)
	}
}
