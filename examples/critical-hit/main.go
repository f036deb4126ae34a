// Command critical-hit is chancecheck over one game of its own, Critical
// Hit (package hit), defined by its rules alone, whose answer is a residue
// modulo 998244353: solve, simulate, gen, validate, check and report.
//
//	go run ./examples/critical-hit check --solver ./my-solver
package main

import (
	"os"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/critical-hit/hit"
)

func main() { os.Exit(cli.Main(hit.Game())) }
