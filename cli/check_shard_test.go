package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCheckShardMerge checks that the 3 shards of a check, merged, give the
// single run's verdict: with --keep-going the same first failure, shrunk
// input and counts; without it the same first failure.
func TestCheckShardMerge(t *testing.T) {
	t.Parallel() // it waits on programs: see main_test.go
	solver := helperSolver(t, "bit-wrong-one")
	run := func(args ...string) (checkJSON, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), append(args, "--json", "--out", t.TempDir()), strings.NewReader(""), &stdout, &stderr, checkGames()...)
		if code != 1 {
			t.Fatalf("%q: exit %d, want 1\n%s%s", args, code, stdout.String(), stderr.String())
		}
		var j checkJSON
		if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		return j, stdout.String()
	}
	strip := func(j checkJSON) checkJSON {
		j.ElapsedSec, j.TimeToFailSec = 0, 0
		j.Closest = nil // each shard has its own; merge does not join them
		if j.Shrink != nil {
			s := *j.Shrink
			s.ElapsedSec = 0
			j.Shrink = &s
		}
		if j.First != nil {
			f := *j.First
			f.InFile, f.AnsFile, f.Reproduce = "", "", ""
			j.First = &f
		}
		return j
	}
	for _, keepGoing := range []bool{true, false} {
		check := []string{"check", "bit", "--solver", solver, "--cases", "40", "--seed", "3", "--time", "0", "--batch", "1", "--jobs", "4", "--shrink-time", "20s"}
		if keepGoing {
			check = append(check, "--keep-going")
		}
		single, _ := run(check...)
		dir := t.TempDir()
		var files []string
		for _, sh := range []string{"1/3", "2/3", "3/3"} {
			_, out := run(append(check, "--shard", sh)...)
			file := filepath.Join(dir, strings.ReplaceAll(sh, "/", "-")+".json")
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, file)
		}
		merged, _ := run(append([]string{"check", "merge"}, files...)...)
		if single.First == nil || merged.First == nil || single.Found == nil || single.Found.Source != "generated board 3" {
			t.Fatalf("--keep-going %v: not the failure on board 3 (of shard 3/3) that seed 3 has: single %+v %+v merged %+v", keepGoing, single, single.First, merged)
		}
		if keepGoing && single.Failures["wrong answer"] < 3 {
			t.Fatalf("--keep-going: want failures in several shards, got %v", single.Failures)
		}
		if keepGoing {
			if got, want := strip(merged), strip(single); !reflect.DeepEqual(got, want) {
				t.Errorf("--keep-going: merged\n%+v\n%+v\nsingle\n%+v\n%+v", got, *got.First, want, *want.First)
			}
			continue
		}
		if got, want := strip(merged), strip(single); !reflect.DeepEqual(got.First, want.First) || !reflect.DeepEqual(got.Found, want.Found) {
			t.Errorf("merged first failure\n%+v\n%+v\nsingle\n%+v\n%+v", *got.First, got.Found, *want.First, want.Found)
		}
		// Refusals: a missing shard, a duplicate one.
		var stdout, stderr bytes.Buffer
		if code := Run(context.Background(), []string{"check", "merge", files[0], files[1]}, strings.NewReader(""), &stdout, &stderr, checkGames()...); code != 2 && code != 1 || !strings.Contains(stderr.String(), "missing shard(s) 3/3") {
			t.Errorf("missing shard: exit %d, %s", code, stderr.String())
		}
		stderr.Reset()
		if code := Run(context.Background(), []string{"check", "merge", files[0], files[0], files[2]}, strings.NewReader(""), &stdout, &stderr, checkGames()...); code == 0 || !strings.Contains(stderr.String(), "twice") {
			t.Errorf("duplicate shard: exit %d, %s", code, stderr.String())
		}
		// A shard drawn under other generator options checked other boards.
		var other checkJSON
		data, err := os.ReadFile(files[2])
		if err != nil || json.Unmarshal(data, &other) != nil {
			t.Fatalf("cannot read %s: %v", files[2], err)
		}
		other.GenOptions = []string{"--gen cols=30"}
		data, _ = json.Marshal(other)
		otherFile := filepath.Join(dir, "3-3-other.json")
		if err := os.WriteFile(otherFile, data, 0o644); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		if code := Run(context.Background(), []string{"check", "merge", files[0], files[1], otherFile}, strings.NewReader(""), &stdout, &stderr, checkGames()...); code == 0 || !strings.Contains(stderr.String(), "generator options") {
			t.Errorf("a shard under other generator options: exit %d, %s", code, stderr.String())
		}
	}
	// --shard needs --cases.
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"check", "snakes", "--solver", solver, "--shard", "1/3"}, strings.NewReader(""), &stdout, &stderr, checkGames()...); code != 2 || !strings.Contains(stderr.String(), "--cases") {
		t.Errorf("--shard without --cases: exit %d, %s", code, stderr.String())
	}
	stderr.Reset()
	if code := Run(context.Background(), []string{"check", "snakes", "--solver", solver, "--cases", "9", "--shard", "4/3"}, strings.NewReader(""), &stdout, &stderr, checkGames()...); code != 2 {
		t.Errorf("--shard 4/3: exit %d, %s", code, stderr.String())
	}
}
