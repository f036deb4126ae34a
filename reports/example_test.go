package reports_test

import (
	"context"
	"fmt"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
	"github.com/chancecheck/chancecheck/reports"
)

// A small report over one game, then the same run in two shards, merged.
func ExampleRun() {
	opt := reports.Options{Games: []props.Game{specs.Snakes()}, Boards: 2, Runs: 2000, Seed: 1, Alpha: 1e-6}
	whole, _, err := reports.Run(context.Background(), opt)
	if err != nil {
		panic(err)
	}
	g := whole.Games[0]
	perCheck := whole.Budget.Checks == len(g.Boards)+1+len(whole.Plan.Games[0].Coverage)
	fmt.Printf("α = %g shared by every board, the calibration and each coverage goal: %v; pass: %v\n", whole.Budget.Alpha, perCheck, whole.Pass)

	var parts []*reports.Report
	for i := 1; i <= 2; i++ {
		opt.Shard = props.Shard{Index: i, Count: 2}
		part, _, err := reports.Run(context.Background(), opt)
		if err != nil {
			panic(err)
		}
		parts = append(parts, part)
	}
	merged, err := reports.Merge(parts)
	if err != nil {
		panic(err)
	}
	fmt.Println("boards per shard:", len(parts[0].Games[0].Boards), len(parts[1].Games[0].Boards))
	fmt.Println("merged calibration over", merged.Games[0].Calibration.Boards, "boards")
	// Output:
	// α = 1e-06 shared by every board, the calibration and each coverage goal: true; pass: true
	// boards per shard: 2 2
	// merged calibration over 4 boards
}
