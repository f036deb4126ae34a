package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

func (app App) newCheckMergeCommand() *cobra.Command {
	var o checkOptions
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Merge the --json outputs of all shards of a check into its verdict",
		Long: `merge reads the --json output of every shard of one check (` + app.Name + ` check
GAME --shard i/n --cases N --json, same game, seed, cases and options) and
prints the verdict the single run would have printed: the first failure is
the lowest-numbered generated board that failed in any shard, with the
counterexample that shard shrank it to; boards per class, failures per
verdict and boards judged are summed over the shards (failures per verdict
are failing inputs: with --batch 1 they equal the single run's); the
coverage test is done on the sums, and the elapsed time is the longest
shard's. Refuses shards of different runs, and missing or duplicate shards.
Exit status as check's.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("%s needs the shards' --json files", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, files []string) error {
			g, mo, res, err := app.mergeCheckFiles(files)
			if err != nil {
				return err
			}
			mo.json, mo.out = o.json, o.out
			return printCheck(cmd.OutOrStdout(), g, mo, res)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the merged outcome as JSON on stdout")
	cmd.Flags().StringVar(&o.out, "out", "", "directory for counterexample.in and .ans (default: a new temporary directory)")
	return cmd
}

// mergeCheckFiles reads the shards' --json outputs and merges them into
// the result of the single run, with the options it printed under: the
// files are read, checked to be the shards of one run, and their counts
// and failures merged.
func (app App) mergeCheckFiles(files []string) (props.Game, checkOptions, *props.Result, error) {
	shards, err := readShardFiles(files)
	if err != nil {
		return nil, checkOptions{}, nil, err
	}
	first := shards[0] // the first file's: its options are the run's
	g, err := app.lookup(first.Game)
	if err != nil {
		return nil, checkOptions{}, nil, err
	}
	if err := checkShardsOfOneRun(files, shards); err != nil {
		return nil, checkOptions{}, nil, err
	}
	slices.SortFunc(shards, func(a, b checkJSON) int { return a.Shard.Index - b.Shard.Index })
	o := mergedOptions(first)
	if g, err = o.gen.apply(app, g); err != nil {
		return nil, checkOptions{}, nil, fmt.Errorf("%s: %w", files[0], err)
	}
	res, err := mergeShards(g, first, shards)
	if err != nil {
		return nil, checkOptions{}, nil, err
	}
	return g, o, res, nil
}

// readShardFiles reads and parses each file, the --json output of a check
// --shard run.
func readShardFiles(files []string) ([]checkJSON, error) {
	var shards []checkJSON
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var j checkJSON
		dec := json.NewDecoder(bytes.NewReader(data))
		if err := dec.Decode(&j); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		if f := j.OracleFault; f != nil {
			return nil, programError{fmt.Errorf("%s: that shard stopped on an oracle at fault, so the check has no verdict: %s (its input: %s)",
				file, f.Error, orNotWritten(f.InFile))}
		}
		if f := j.GeneratorFault; f != nil {
			return nil, programError{fmt.Errorf("%s: that shard stopped on its generator at fault, so the check has no verdict: %s", file, f.Error)}
		}
		if j.Shard == nil {
			return nil, fmt.Errorf("%s: not the --json output of a check --shard run", file)
		}
		shards = append(shards, j)
	}
	return shards, nil
}

// checkShardsOfOneRun checks that the shards, read from files in order,
// are every shard of one run, once each, and that each judged all its
// boards.
func checkShardsOfOneRun(files []string, shards []checkJSON) error {
	first := shards[0]
	s0 := first.Shard
	seen := map[int]string{}
	for i, j := range shards {
		s := j.Shard
		switch {
		case j.Game != first.Game:
			return fmt.Errorf("%s is of game %s, %s of %s", files[i], j.Game, files[0], first.Game)
		case !slices.Equal(j.GenOptions, first.GenOptions):
			return fmt.Errorf("%s and %s are shards of different checks (generator options %q/%q)", files[0], files[i], first.GenOptions, j.GenOptions)
		case j.Seed != first.Seed, s.Cases != s0.Cases, s.Count != s0.Count, s.Batch != s0.Batch, s.KeepGoing != s0.KeepGoing,
			s.Solver != s0.Solver, s.Alpha != s0.Alpha, j.MinJudged != first.MinJudged:
			return fmt.Errorf("%s and %s are shards of different checks (seed %d/%d, --cases %d/%d, shards %d/%d, --batch %d/%d, --keep-going %v/%v, --solver %q/%q, --alpha %g/%g)",
				files[0], files[i], first.Seed, j.Seed, s0.Cases, s.Cases, s0.Count, s.Count, s0.Batch, s.Batch, s0.KeepGoing, s.KeepGoing, s0.Solver, s.Solver, s0.Alpha, s.Alpha)
		case s.Index < 1 || s.Index > s.Count:
			return fmt.Errorf("%s: shard %d/%d", files[i], s.Index, s.Count)
		}
		if dup, ok := seen[s.Index]; ok {
			return fmt.Errorf("shard %d/%d twice: %s and %s", s.Index, s.Count, dup, files[i])
		}
		seen[s.Index] = files[i]
		want := s.Shard.Boards(s.Cases)
		if j.Generated+j.NotJudgedGenerated != want && (s.KeepGoing || s.FirstBoard == 0) {
			return fmt.Errorf("%s: shard %d/%d judged %d of its %d boards (did --time run out? run the shards with --time 0)",
				files[i], s.Index, s.Count, j.Generated, want)
		}
	}
	var missing []string
	for i := 1; i <= s0.Count; i++ {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i, s0.Count))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("missing shard(s) %s", strings.Join(missing, ", "))
	}
	return nil
}

// mergedOptions are the options the single run printed under, as the
// first shard's JSON has them.
func mergedOptions(first checkJSON) checkOptions {
	s0 := first.Shard
	o := checkOptions{solver: s0.Solver, cases: s0.Cases, seed: first.Seed, batch: s0.Batch, keepGoing: s0.KeepGoing, alpha: s0.Alpha, minJudged: first.MinJudged,
		timeout: seconds(first.TimeoutSec), idle: seconds(first.IdleSec)}
	for _, a := range first.GenOptions {
		if l, ok := strings.CutPrefix(a, "--limits "); ok {
			o.gen.limits = append(o.gen.limits, l)
		} else {
			o.gen.assign = append(o.gen.assign, strings.TrimPrefix(a, "--gen "))
		}
	}
	return o
}

// mergeShards merges the shards, in shard order, into the single run's
// result: the counts summed, the first failure the lowest failing board's,
// the coverage test done on the sums.
func mergeShards(g props.Game, first checkJSON, shards []checkJSON) (*props.Result, error) {
	res := &props.Result{Game: first.Game, Seed: first.Seed, Batch: props.BatchSize(g, first.Shard.Batch), FirstBoard: -1, Classes: map[string]int{}, NotJudgedClasses: map[string]int{}, Oracles: map[string]int{}, Counts: map[props.Verdict]int{}}
	var firstShard *checkJSON
	for i := range shards {
		j := &shards[i]
		if err := addShard(res, g, j); err != nil {
			return nil, err
		}
		if b := j.Shard.FirstBoard; b > 0 && (firstShard == nil || b < firstShard.Shard.FirstBoard) {
			firstShard = j
		}
	}
	if err := mergeFirstFailure(res, g, firstShard, shards[0]); err != nil {
		return nil, err
	}
	res.CoverageAlpha = first.Shard.Alpha
	res.Coverage = props.JudgeCoverage(g.Coverage(), res.Classes, res.Generated, res.CoverageAlpha)
	return res, nil
}

// addShard adds one shard's counts, inputs not reproduced and sample
// failure to res.
func addShard(res *props.Result, g props.Game, j *checkJSON) error {
	res.Samples += j.Samples
	res.Generated += j.Generated
	if j.NotJudged > 0 && res.NotJudged == 0 {
		res.NotJudgedReason = j.NotJudgedReason
	}
	res.NotJudged += j.NotJudged
	res.NotJudgedGenerated += j.NotJudgedGenerated
	res.OverBoardTime += j.OverBoardTime
	for c, n := range j.Classes {
		res.Classes[c] += n
	}
	for c, n := range j.NotJudgedClasses {
		res.NotJudgedClasses[c] += n
	}
	for o, n := range j.Oracles {
		res.Oracles[o] += n
	}
	for name, n := range j.Failures {
		v, ok := verdictNamed(name)
		if !ok {
			return fmt.Errorf("shard %d/%d: unknown verdict %q", j.Shard.Index, j.Shard.Count, name)
		}
		res.Counts[v] += n
	}
	res.Elapsed = max(res.Elapsed, seconds(j.ElapsedSec))
	res.Cancelled += j.Cancelled
	for _, fj := range j.NotReproduced {
		f, err := failureFromJSON(g, fj)
		if err != nil {
			return err
		}
		f.NotReproduced = true
		res.NotReproduced = append(res.NotReproduced, f)
	}
	if j.Shard.SampleFailure != nil && res.SampleFailure == nil {
		var err error
		if res.SampleFailure, err = failureFromJSON(g, j.Shard.SampleFailure); err != nil {
			return err
		}
	}
	return nil
}

// mergeFirstFailure sets res's first failure: that of firstShard, the shard
// with the lowest failing generated board, shrunk as it shrank it; else a
// failing sample, with shard 1's shrinking note.
func mergeFirstFailure(res *props.Result, g props.Game, firstShard *checkJSON, shard1 checkJSON) error {
	var err error
	if j := firstShard; j != nil {
		res.FirstBoard = j.Shard.FirstBoard - 1
		res.TimeToFailure = seconds(j.TimeToFailSec)
		if res.First, err = failureFromJSON(g, j.First); err != nil {
			return err
		}
		if j.Found != nil {
			if res.Found, err = failureFromJSON(g, j.Found); err != nil {
				return err
			}
		}
		if st := j.Shrink; st != nil {
			res.Shrink = props.ShrinkStats{Method: st.Method, Runs: st.Runs, Elapsed: seconds(st.ElapsedSec), Note: st.Note,
				ShrinkTime: seconds(st.BudgetSec), CutShort: st.CutShort, RapidSteps: st.RapidSteps, SimplifierSteps: st.SimplifierSteps}
		}
	} else if res.SampleFailure != nil {
		res.First = res.SampleFailure
		if st := shard1.Shrink; st != nil {
			res.Shrink = props.ShrinkStats{Method: st.Method, Note: st.Note, ShrinkTime: seconds(st.BudgetSec)}
		}
	}
	return nil
}

// failureFromJSON reads a failure back; a single board is parsed and
// solved again, for the exact answer of the text output.
func failureFromJSON(g props.Game, fj *failureJSON) (*props.Failure, error) {
	if fj == nil {
		return nil, fmt.Errorf("a shard's failure is missing from its JSON")
	}
	v, ok := verdictNamed(fj.Verdict)
	if !ok {
		return nil, fmt.Errorf("unknown verdict %q", fj.Verdict)
	}
	f := &props.Failure{Verdict: v, Source: fj.Source, Input: []byte(fj.Input), OursText: fj.Ours, Theirs: fj.Theirs,
		Stdout: fj.Stdout, Detail: fj.Detail, Class: fj.Class, Board: -1}
	if boards, err := g.ParseRelaxed(strings.NewReader(fj.Input), "counterexample.in"); err == nil && len(boards) == 1 {
		if s, err := g.Solve(boards[0]); err == nil {
			f.Boards, f.Ours = boards, []props.Solution{s}
		}
	}
	return f, nil
}

func verdictNamed(name string) (props.Verdict, bool) {
	for v := props.Accepted; v <= props.LastVerdict; v++ {
		if v.String() == name {
			return v, true
		}
	}
	return 0, false
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
