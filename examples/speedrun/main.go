// Command speedrun is chancecheck over Gotta Go Fast (Codeforces 865C), a
// game of one player's choices with restarts written as rules alone
// (package speedrun): solve, simulate, gen, validate, check and report.
//
//	printf '1 8\n2 8 81\n' | go run ./examples/speedrun solve speedrun   # 3.1400000000
package main

import (
	"os"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/speedrun/speedrun"
)

func main() { os.Exit(cli.Main(speedrun.Game())) }
