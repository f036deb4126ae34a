// Command bagofmice is chancecheck over one game of its own, Bag of mice
// (package mice): solve, simulate, gen, validate, check and report.
//
//	go run ./examples/bagofmice check --solver ./my-solver
package main

import (
	"os"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
)

func main() { os.Exit(cli.Main(mice.Game())) }
