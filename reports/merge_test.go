package reports

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// The merge of the shards' reports, read back from their directories, is
// the single run's report.json byte for byte, whatever order the shards
// come in.
func TestMergeOfShardsEqualsSingleRun(t *testing.T) {
	want := jsonBytes(t, wholeReport(t))

	root := t.TempDir()
	var dirs []string
	for i := 3; i >= 1; i-- { // out of order on purpose
		opt := testOptions()
		opt.Shard = props.Shard{Index: i, Count: 3}
		opt.Workers = i // and with different worker counts
		r, tim := mustRun(t, opt)
		if r.Shard == nil || *r.Shard != opt.Shard {
			t.Fatalf("shard %d/3: report says shard %v", i, r.Shard)
		}
		for _, g := range r.Games {
			if g.Calibration != nil {
				t.Errorf("shard %d/3, %s: a partial report has a calibration", i, g.Name)
			}
		}
		dir := filepath.Join(root, "shard", string(rune('0'+i)))
		if err := WriteDir(dir, r, tim); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	merged, tim, err := MergeDirs(dirs)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonBytes(t, merged); !bytes.Equal(got, want) {
		t.Fatalf("merged report.json differs from the single run's:\n%s", firstDifference(got, want))
	}
	if len(tim.Shards) != 3 || tim.Shards[0].Shard.Index != 1 {
		t.Errorf("merged timings: %+v", tim.Shards)
	}
	for gi, g := range tim.Games {
		if len(g.Boards) != len(merged.Games[gi].Boards) {
			t.Errorf("%s: timings of %d boards, report has %d", g.Name, len(g.Boards), len(merged.Games[gi].Boards))
		}
	}
}

func TestShardsPartitionThePlan(t *testing.T) {
	p := Plan{Boards: 7, Games: []PlannedGame{{Name: "a", SampleBoards: 2}, {Name: "b", SampleBoards: 0}, {Name: "c", SampleBoards: 5}}}
	for n := 1; n <= 5; n++ {
		seen := map[boardRef]int{}
		for i := 1; i <= n; i++ {
			for _, ref := range shardBoards(p, props.Shard{Index: i, Count: n}) {
				seen[ref]++
			}
		}
		total := 0
		for gi, g := range p.Games {
			for bi := range g.boards(p.Boards) {
				total++
				if seen[boardRef{gi, bi}] != 1 {
					t.Errorf("n=%d: board %d of game %s in %d shards", n, bi, g.Name, seen[boardRef{gi, bi}])
				}
			}
		}
		if len(seen) != total {
			t.Errorf("n=%d: shards hold %d boards, plan %d", n, len(seen), total)
		}
	}
}

func TestMergeRefusesInconsistentShards(t *testing.T) {
	opt := testOptions()
	opt.Games = opt.Games[:1]
	opt.Boards = 2
	parts := make([]*Report, 2)
	for i := range parts {
		o := opt
		o.Shard = props.Shard{Index: i + 1, Count: 2}
		parts[i], _ = mustRun(t, o)
	}
	otherSeed := opt
	otherSeed.Seed++
	otherSeed.Shard = props.Shard{Index: 2, Count: 2}
	other, _ := mustRun(t, otherSeed)
	// A shard of a run in 3 with a single run of another seed beside it
	// (a new user's mix-up): the other run is named, not miscounted.
	third := opt
	third.Shard = props.Shard{Index: 1, Count: 3}
	firstOfThree, _ := mustRun(t, third)
	otherWhole := opt
	otherWhole.Seed++
	otherRun, _ := mustRun(t, otherWhole)

	tests := []struct {
		name  string
		parts []*Report
		want  string
	}{
		{"none", nil, "no reports"},
		{"missing shard", parts[:1], "1 reports for a run in 2 shards: shard(s) 2 of 2 missing"},
		{"another run among shards", []*Report{firstOfThree, otherRun}, "report 2 has another plan"},
		{"shard twice", []*Report{parts[0], parts[0]}, "twice"},
		{"other plan", []*Report{parts[0], other}, "another plan"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Merge(tc.parts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
	if _, err := Merge(parts); err != nil {
		t.Fatalf("consistent shards: %v", err)
	}
}

func TestMergeDirsMissingReport(t *testing.T) {
	if _, _, err := MergeDirs([]string{filepath.Join(t.TempDir(), "nothing")}); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("got %v, want a not-exist error", err)
	}
}

// firstDifference shows where two texts part.
func firstDifference(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  got:  %s\n  want: %s", i+1, la[i], lb[i])
		}
	}
	return "one is a prefix of the other"
}
