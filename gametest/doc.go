// Package gametest is the conformance kit of a game defined with
// props.Define: the test a game's package runs to show that the game keeps
// the contract of props.Spec, as testing/fstest.TestFS is for an fs.FS.
// The built-in games pass the same test (props/specs/conformance_test.go).
//
//	func TestGame(t *testing.T) {
//		gametest.Run(t, Game) // samples, round trips, agreement, invariants, ...
//	}
//
// Run's checks are subtests (TestGame/agreement), each selectable with
// -run; options lower the referee's runs (Runs), ask for the samples'
// exact text (ExactSamples) or leave checks out (Skip).
//
// A property that cannot fail proves nothing. Recorder shows that one of
// yours can: plant a bug in a copy of your Spec, run the property with a
// Recorder in place of t, and assert that it failed and what it said. A
// Recorder fixes rapid's seed (Seed), so that the outcome is the same on
// every run.
package gametest
