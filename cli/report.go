package cli

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/reports"
	"github.com/spf13/cobra"
)

func (app App) newReportCommand() *cobra.Command {
	opt := reports.DefaultOptions(slices.Clone(app.Games)...)
	var (
		games     string
		out       string
		shard     string
		genOpts   reportGenFlags
		eng       engineFlags
		minJudged float64
	)
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Check every game on samples and generated boards; write an agreement report",
		Long: `report solves the published samples and --boards generated boards of every
game exactly, simulates each --runs times with the referee, tests agreement
under one false-alarm budget --alpha for the whole report (split over games,
boards and the calibration test of each game), checks every invariant, and
writes into --out: report.json (schema in docs/report-schema.md), report.md,
report.html, junit.xml and timings.json. Exits 1 when anything disagrees,
and 2 when nothing failed but a game had no board anyone could judge
(NOTHING JUDGED: its referee played none, or its analyst refused all), or
judged fewer than --min-judged (0.5) of its generated boards (TOO FEW
JUDGED, naming a coverage class never judged).
The same seed gives the same report.json, whatever --workers is.

--shard i/n checks only the i-th of n deterministic slices of the boards;
'` + app.Name + ` report merge DIR...' joins the n shard directories into the
report one run would have written.
` + shardAutoHelp + `

A game that declares coverage goals (a least share of its generated boards
in a class) gets a coverage table, and the report fails when a class is
under-covered: a one-sided exact binomial test of each goal, inside the same
budget. A goal that the run has too few boards to judge is said to be so,
never passed as met.

--gen and --limits set the generators' parameters; report.json records the
values in force, and 'report merge' refuses shards run under other values.

` + app.paramsHelp(),
		Args: app.argsBetween(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games != "all" {
				opt.Games = nil
				named := map[string]bool{}
				for _, name := range strings.Split(games, ",") {
					g, err := app.lookup(strings.TrimSpace(name))
					if err != nil {
						return usageError{err}
					}
					if named[g.Name()] {
						return usagef("--games names %s twice", g.Name())
					}
					named[g.Name()] = true
					opt.Games = append(opt.Games, g)
				}
			}
			var err error
			// The report's three-way property: the engine checks each
			// analyst on every board that fits it.
			eng.checkEvery = true
			if opt.Games, err = eng.applyAll(opt.Games); err != nil {
				return err
			}
			if opt.Games, err = genOpts.apply(app, opt.Games); err != nil {
				return err
			}
			if shard != "" {
				sh, err := parseShard(shard, app.lookupEnv)
				if err != nil {
					return usageError{err}
				}
				opt.Shard = sh
			}
			if opt.Boards < 0 || opt.Runs <= 0 || !(opt.Alpha > 0 && opt.Alpha < 1) {
				return usagef("need --boards ≥ 0, --runs > 0 and 0 < --alpha < 1")
			}
			if err := checkMinJudged(minJudged); err != nil {
				return err
			}
			opt.MinJudged = &minJudged
			claim, err := claimOut("--out", out) // before the run, not after it
			if err != nil {
				return err
			}
			defer claim.Release()
			progress, stop := newReportProgress(cmd.ErrOrStderr())
			if _, tty := terminal(cmd.ErrOrStderr()); !tty {
				// No terminal (a CI log, a pipe): a line every
				// heartbeatEvery, naming the board that has run longest.
				opt.Watch = props.NewWatch(app.now)
				progress = judgedCounter(opt.Watch)
				ticks, stopTicks := app.ticks()
				stop = startHeartbeat(cmd.ErrOrStderr(), "report", opt.Watch, ticks, stopTicks)
			}
			opt.Progress = progress
			rep, tim, err := reports.Run(cmd.Context(), opt)
			stop()
			if err != nil && cmd.Context().Err() != nil {
				return interrupted(cmd, "report: interrupted before the report was complete: no verdict, nothing written to %s (%v)", out, context.Cause(cmd.Context()))
			}
			if err != nil {
				return err
			}
			return finishReport(cmd.OutOrStdout(), out, rep, tim)
		},
	}
	f := cmd.Flags()
	f.StringVar(&games, "games", "all", "comma-separated games to check, or all")
	eng.register(f, app.rulesGames())
	f.IntVar(&opt.Boards, "boards", opt.Boards, "generated boards per game, besides the published samples")
	f.Int64Var(&opt.Runs, "runs", opt.Runs, "simulated games per board")
	f.Uint64Var(&opt.Seed, "seed", opt.Seed, "seed of the whole run")
	f.Float64Var(&opt.Alpha, "alpha", opt.Alpha, "false-alarm budget of the whole report")
	f.IntVar(&opt.Workers, "workers", runtime.GOMAXPROCS(0), "parallel workers (the report does not depend on it)")
	f.StringVar(&out, "out", "report", "directory for the report files")
	f.StringVar(&shard, "shard", "", "check only slice i of n (\"i/n\", 1 ≤ i ≤ n, "+shardFlagHelp+"); see 'report merge'")
	minJudgedFlag(f, &minJudged)
	genOpts.register(f)
	cmd.AddCommand(app.newReportMergeCommand())
	return cmd
}

func (app App) newReportMergeCommand() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge DIR...",
		Short: "Merge the report directories of all shards of a run into one report",
		Long: `merge reads DIR/report.json (and DIR/timings.json) of every shard of one run
(` + app.Name + ` report --shard i/n, same seed and options) and writes into --out
the report a single run would have written: report.json is byte-identical;
the calibration is computed over all boards. Exits 1 when anything disagrees,
and 2 when nothing failed but a game had no board anyone could judge.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("%s needs the shard directories", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, dirs []string) error {
			claim, err := claimOut("--out", out)
			if err != nil {
				return err
			}
			defer claim.Release()
			rep, tim, err := reports.MergeDirs(dirs)
			if err != nil {
				return err
			}
			return finishReport(cmd.OutOrStdout(), out, rep, tim)
		},
	}
	cmd.Flags().StringVar(&out, "out", "report", "directory for the merged report files")
	return cmd
}

// finishReport writes the report files, prints a summary and turns a failed
// report into exit status 1, and one with a game that judged nothing (and
// no failure) into exit status 2, as check's NOTHING JUDGED. The summary,
// with the verdict, is printed even when the files cannot be written.
func finishReport(w io.Writer, out string, rep *reports.Report, tim *reports.Timings) error {
	if err := reports.WriteDir(out, rep, tim); err != nil {
		reports.WriteSummary(w, rep)
		return err
	}
	reports.WriteSummary(w, rep)
	fmt.Fprintf(w, "wrote %s/{%s,%s,%s,%s,%s}\n", out, reports.FileJSON, reports.FileMarkdown, reports.FileHTML, reports.FileJUnit, reports.FileTimings)
	switch {
	case rep.Failed():
		return errCheckFailed
	case rep.NothingJudged:
		// Nothing judged is no pass, and no failure of the referee either.
		return programError{fmt.Errorf("report judged nothing for %s: nobody could judge any of its boards (see report.md)",
			strings.Join(rep.NothingJudgedGames(), ", "))}
	case rep.TooFewJudged:
		return programError{fmt.Errorf("report did not pass: too few boards of %s were judged (--min-judged; see report.md)",
			strings.Join(rep.TooFewJudgedGames(), ", "))}
	case !rep.Pass:
		return errCheckFailed
	}
	return nil
}
