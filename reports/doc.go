// Package reports runs the agreement check over many boards of every game and
// writes what it found, for machines and for people.
//
// A run follows a Plan: per game, the published samples plus N generated
// boards, each solved exactly (props.Game.Solve, with the exact fraction
// where cheap), simulated by the referee (props.Game.Simulate), tested for
// agreement (estimate.Agree) and checked against every invariant. One
// false-alarm budget α covers the whole report: split equally over the
// games, and within a game over its boards and one calibration test
// (budget.go). The calibration (calibration.go) tests with Kolmogorov–Smirnov
// whether the boards' U = Φ(Z) are uniform, which catches a simulator biased
// too slightly to fail any board alone.
//
// Outputs (WriteDir): report.json (schema in docs/report-schema.md),
// report.md (fits a GitHub job summary), report.html (self-contained, with
// inline SVG plots), junit.xml (one test case per game and property) and
// timings.json. Every file is written atomically.
//
// A report is deterministic: the same Plan gives byte-identical report.json,
// whatever the number of workers, because every board's generation and
// simulation is seeded from (seed, game, board) alone and timings are kept
// out of it. The same holds across machines: Run with Options.Shard checks
// one slice of the boards, and Merge joins the shards' partial reports into
// exactly the report of a single run.
//
//	rep, timings, err := reports.Run(ctx, reports.DefaultOptions())
//	if err != nil { … }
//	err = reports.WriteDir("report", rep, timings)
//	if !rep.Pass { os.Exit(1) }
package reports
