package specs

// Which of props/specs's tests run in parallel (t.Parallel), and why not the rest.
//
// go test runs a package's parallel tests together, two at a time on two
// cores, after every other test of the package has ended; so a parallel
// test never overlaps a serial one, only other parallel tests. A test may
// be parallel when nothing it does changes what another test sees:
//
//   - Not a test that fixes rapid's seed (rapidtest.NewRecorder, SetSeed):
//     the seed is a process-wide flag, so every rapid.Check running beside
//     it would draw the same boards (the planted-bug tests stay serial).
//   - Not a CrossCheck that may shrink: shrinking sets rapid's flags
//     through internal/rapidflags, under a mutex, and its time budget runs
//     from before the mutex, so two shrinks at once would eat each other's
//     budget (the TestCrossCheck* tests stay serial).
//
// What is left are the long pure computations: the conformance kit on the
// four games (each game a parallel subtest), the three-way checks of the
// rules, the policy sweeps, the 2^22-throw distribution, the simplifiers
// and coverage goals over fixed Example seeds, the engine confirming a
// rounded analyst, and the slow slips' answers against the correct
// solvers' (processes of their own, built once for the package). They
// read rapid's flags and nothing else shared.
