// Package rapidflags runs rapid.Check outside `go test`, under settings of
// its own, and leaves the program's flags as it found them. props shrinks a
// failing board with it: rapid's shrinker is reachable only through
// rapid.Check, and rapid.Check takes its settings from flags. Everything
// below is what pgregory.net/rapid v1.3.0 requires (file:line in its
// source) and Go 1.26's testing package does; check_test.go pins each
// point, so that a new rapid that changes one fails there first.
//
// Settings. rapid keeps its settings in package variables that its init
// registers on flag.CommandLine as rapid.checks, rapid.seed,
// rapid.shrinktime and so on (engine.go:64-76), defaulting to the RAPID_*
// environment variables (engine.go:86-101); nothing else sets them. Check
// sets each one it needs through its flag.Value, not flag.Set, which would
// also count it as set for the program's flag.Visit, and puts every value
// back afterwards. A mutex keeps two Checks apart; a rapid.Check of the
// program's own running at the same time would see these values. Boards
// drawn beside a Check go through Example, which reads the flags only while
// none is being written (rapid's Generator.Example reads rapid.seed even
// when handed a seed).
//
//   - rapid.seed = S: the first check draws from the bit stream seeded with
//     S (engine.go:280 passes baseSeed, which is rapid.seed unless it is 0,
//     data.go:21-27; the first check adds 0 to it, engine.go:420), the
//     stream Generator.Example(S) draws from (generator.go:81-91). So the
//     first check draws the value Example(S) gave. Seed 0 means "random" to
//     rapid and is refused.
//   - rapid.checks = 1: one check (engine.go:411), unless testing.Short(),
//     which divides the number by 5 (engine.go:275-277); under -short Check
//     asks for 5.
//   - rapid.nofailfile, and rapid.failfile empty: no fail file is written
//     in the working directory (engine.go:290-298). rapid still replays
//     any it finds under testdata/rapid/NAME/ there before its search
//     (engine.go:338-347); callers pick a NAME no test uses.
//   - rapid.shrinktime: rapid's own bound on shrinking, which is soft. It is
//     checked between shrinking steps (shrink.go:93, 119, 132, ...), but one
//     step, minimising one drawn value, makes many tries unchecked
//     (shrink.go:288-309): with a slow property rapid overruns it many
//     times over. A caller that needs a hard bound sets Settings.Stop:
//     rapid runs on a goroutine of Check's, and the property's wrapper
//     ends it with runtime.Goexit once Stop says so (rapid's deferred
//     recovers see no panic). A property that only stops failing past a
//     deadline is not enough: rapid keeps a smaller input only when it
//     fails the same way (shrink.go:262), so it rejects every try after
//     the deadline, but a pass over a board of n draws in g groups is some
//     n·g tries, each drawing the board. If the re-run of an input just kept
//     (shrink.go:270-271) no longer fails, rapid's panic stays inside
//     shrink (shrink.go:86-90, 278-280). Either way the last input on which
//     the property failed is the smallest rapid kept.
//   - rapid.v, rapid.log, rapid.debug, rapid.debugvis off: nothing printed,
//     no vis-*.html written (shrink.go:49-60).
//
// testing.Short. Every way into rapid's search and shrinker goes through
// checkTB (Check, engine.go:205-208; MakeCheck, engine.go:224-229), which
// calls testing.Short() unconditionally (engine.go:275). MakeFuzz
// (engine.go:238-243) does not, but it runs one given input and never
// shrinks. testing.Short panics unless testing.Init has registered the
// test.* flags and flag.Parsed() is true (testing.go:687-697). A test binary
// has done both before any test runs. Another program usually has done
// neither, and doing them on its flag.CommandLine would put some forty
// test.* flags in its -help for good and mark its flags parsed (a FlagSet
// cannot be unparsed). So when either is missing, Check points
// flag.CommandLine at a scratch FlagSet, calls testing.Init and Parse(nil)
// there, and points it back at the program's FlagSet at the first run of
// the property, once rapid has asked testing.Short, before any of the
// caller's work. Check never calls flag.CommandLine.Parse.
//
// What remains, in a program that had not called testing.Init:
//
//   - testing.Init has run, and it runs once per process (testing.go:439-442):
//     the test.* flags live in the scratch FlagSet, and a later
//     testing.Init of the program's own does nothing, so its
//     flag.CommandLine never gets them (testing.Benchmark still works, with
//     the defaults).
//   - From the start of rapid.Check to the first run of the property (a
//     glob for fail files, microseconds), flag.CommandLine is the scratch
//     FlagSet: another goroutine reading flag.CommandLine just then would
//     see it, and race.
//   - The property must not use rapid.Repeat: it asks testing.Short again
//     (statemachine.go:47), after flag.CommandLine is the program's again.
package rapidflags
