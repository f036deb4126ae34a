package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// report --shard i/3 three times, then report merge, gives the single run's
// report.json; every output file is there; a clean run exits 0.
func TestReportShardAndMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{"report", "--games", "snakes,patience", "--boards", "3", "--runs", "3000", "--seed", "5"}
	whole := filepath.Join(dir, "whole")
	if code, out, errOut := chancecheck(t, "", append(args, "--out", whole)...); code != 0 {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	var shards []string
	for _, i := range []string{"1", "2", "3"} {
		d := filepath.Join(dir, "shard"+i)
		if code, out, errOut := chancecheck(t, "", append(args, "--shard", i+"/3", "--workers", i, "--out", d)...); code != 0 {
			t.Fatalf("shard %s/3: exit %d\n%s%s", i, code, out, errOut)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(dir, "merged")
	code, out, errOut := chancecheck(t, "", append([]string{"report", "merge", "--out", merged}, shards...)...)
	if code != 0 || !strings.Contains(out, "verdict: pass") {
		t.Fatalf("merge: exit %d\n%s%s", code, out, errOut)
	}
	a, b := mustRead(t, filepath.Join(whole, "report.json")), mustRead(t, filepath.Join(merged, "report.json"))
	if a != b {
		t.Fatal("merged report.json differs from the single run's")
	}
	for _, name := range []string{"report.json", "report.md", "report.html", "junit.xml", "timings.json"} {
		if _, err := os.Stat(filepath.Join(merged, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestReportUsageErrors(t *testing.T) {
	tests := [][]string{
		{"report", "--shard", "4/3"},
		{"report", "--shard", "x"},
		{"report", "--games", "chess"},
		{"report", "--alpha", "2"},
		{"report", "merge"},
	}
	for _, args := range tests {
		code, _, errOut := chancecheck(t, "", append(args, "--out", t.TempDir())...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
	// Merging shards that are not there is an error of the run, not of usage.
	code, _, errOut := chancecheck(t, "", "report", "merge", "--out", t.TempDir(), filepath.Join(t.TempDir(), "none"))
	if code != 1 || !bytes.Contains([]byte(errOut), []byte("report.json")) {
		t.Errorf("merge of a missing directory: exit %d, stderr %q", code, errOut)
	}
}
