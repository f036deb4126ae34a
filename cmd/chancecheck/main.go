// Command chancecheck proves solvers for games of chance right: it solves
// boards exactly, simulates them with a referee that plays the literal rules,
// generates random valid boards, and checks that all of them agree.
//
// Exit status: 0 success, 1 a check failed or the input is invalid, 2 a usage
// error or nothing could be judged. Errors go to stderr as "FILE:LINE: what is wrong".
//
// It is package cli over the four built-in games of package props/specs,
// each with its rules beside its analyst (specs.SnakesThreeWay, ...); a
// program over games of one's own is the same one line (see package cli and
// docs/own-game.md).
package main

import (
	"os"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

func main() {
	os.Exit(cli.Main(games()...))
}

// games are the games the command runs, in the order its help lists them:
// the built-ins, each checked three ways (analyst, referee, rules engine).
// specs.All is the same list; main_test.go holds them equal.
func games() []props.Game {
	return []props.Game{
		specs.SnakesThreeWay(),
		specs.PatienceThreeWay(),
		specs.TrapsThreeWay(specs.TrapsConfig{}),
		specs.JengaThreeWay(specs.JengaConfig{}),
	}
}
