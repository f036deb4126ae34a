package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/reports"
	"github.com/spf13/cobra"
)

func newReportCommand() *cobra.Command {
	opt := reports.DefaultOptions()
	var (
		games string
		out   string
	)
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Check every game on samples and generated boards; write an agreement report",
		Long: `report solves the published samples and --boards generated boards of every
game exactly, simulates each --runs times with the referee, tests agreement
under one false-alarm budget --alpha for the whole run (Bonferroni over all
boards), checks every invariant, prints a summary and writes DIR/report.json.
Exits 1 when anything disagrees. The same seed gives the same report.json.`,
		Args: argsBetween(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games != "all" {
				opt.Games = nil
				for _, name := range strings.Split(games, ",") {
					g, err := props.Lookup(strings.TrimSpace(name))
					if err != nil {
						return usageError{err}
					}
					opt.Games = append(opt.Games, g)
				}
			}
			if opt.Boards < 0 || opt.Runs <= 0 || !(opt.Alpha > 0 && opt.Alpha < 1) {
				return usagef("need --boards ≥ 0, --runs > 0 and 0 < --alpha < 1")
			}
			rep, err := reports.Run(cmd.Context(), opt)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			path := filepath.Join(out, "report.json")
			if err := writeFileWith(path, func(f *os.File) error { return reports.WriteJSON(f, rep) }); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "chancecheck report: seed %d, %d checks sharing α = %g (%.3g each, Bonferroni), %d runs per board\n",
				rep.Seed, rep.Checks, rep.Alpha, rep.AlphaPerCheck, rep.Runs)
			for _, g := range rep.Games {
				failed := 0
				for _, b := range g.Boards {
					if !b.Pass {
						failed++
					}
				}
				verdict := "ok"
				if !g.Pass {
					verdict = "FAILED"
				}
				fmt.Fprintf(w, "  %-9s %3d boards, %d failed, %d invariants: %s\n", g.Name, len(g.Boards), failed, len(g.Invariants), verdict)
			}
			fmt.Fprintf(w, "wrote %s\n", path)
			if !rep.Pass {
				return errCheckFailed
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&games, "games", "all", "comma-separated games to check, or all")
	f.IntVar(&opt.Boards, "boards", opt.Boards, "generated boards per game, besides the published samples")
	f.Int64Var(&opt.Runs, "runs", opt.Runs, "simulated games per board")
	f.Uint64Var(&opt.Seed, "seed", opt.Seed, "seed of the whole run")
	f.Float64Var(&opt.Alpha, "alpha", opt.Alpha, "false-alarm budget of the whole report")
	f.IntVar(&opt.Workers, "workers", runtime.GOMAXPROCS(0), "parallel workers (the report does not depend on it)")
	f.StringVar(&out, "out", "report", "directory for report.json")
	return cmd
}
