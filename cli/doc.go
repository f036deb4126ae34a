// Package cli is the chancecheck command line as a library: solve, simulate,
// gen, validate, check (with check merge) and report (with report merge)
// over whatever games the program assembles, and stress and programs over a
// game defined by programs in any language. cmd/chancecheck is this package
// over the four built-in games; a program of one's own games is one line:
//
//	func main() { os.Exit(cli.Main(mygame.Game())) }
//
// where mygame.Game returns props.Define(props.Spec[Board]{...}). The game
// list belongs to that program, not to the harness: help, the GAME argument
// and `report --games` know exactly the games given, in their order.
//
// The commands are thin: flags in, calls into props and reports, output out.
// Exit status: 0 success, 1 a check failed or the input is invalid, 2 a
// usage error (a wrong command line, or an App given no games or two
// games of one name), a program other than the solver at fault, or nothing
// judged, 130 interrupted. Errors go to stderr as "FILE:LINE: what is wrong".
//
// Main runs the process's command line; Run, and App.Run with a program
// name of its own, run one in-process with given streams, for tests.
package cli
