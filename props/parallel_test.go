package props

// Which of props' tests run in parallel (t.Parallel), and why not the rest:
// the reasons of props/specs/parallel_test.go, which has most of the long
// tests. A test that fixes rapid's seed stays serial (rapid's flags are
// process-wide), and so does a CrossCheck whose shrink must have its whole
// time budget: shrinking runs rapid under internal/rapidflags' mutex, with
// the budget running from before the mutex, so a shrink that waits for
// another's would lose that wait from its budget. What is left is the long
// pure computation of a distribution followed for 2^22 throws
// (TestTooLongToPlay), the checks that wait out a time budget (Time,
// BoardTime) with nothing failing and nothing to shrink:
// TestCrossCheckBoardTime, TestCrossCheckStuckOracleStopped,
// TestCrossCheckTimeEndsRunsInProgress, TestCrossCheckRunsTheWholeTime and
// TestCrossCheckTimeCutsConfirmation (whose failures are never confirmed,
// so never shrunk), and the checks whose outcome no budget can reach:
//
//   - The climbing checks (TestCrossCheckClimbFindsRareSlips,
//     TestCrossCheckClimbJobsChangeNothing,
//     TestCrossCheckClimbErrorIgnoresMeasurements) find their failures on
//     climbed boards, which have no rapid seed and are shrunk one part at
//     a time without rapid, so they never take the mutex; their fake
//     solvers take milliseconds of a 5 s shrinking time.
//     TestCrossCheckClimbNoFalseAlarms never fails, so never shrinks.
//   - TestCrossCheckJobsChangeNothing shrinks with rapid: each of its nine
//     shrinks holds the mutex some 75 ms of a 10 s budget, so waiting out
//     another's (1.5 s at most, TestShrinkLeavesHalfToTheSimplifiers's
//     half) cannot cut it short, and what it compares across Jobs is then
//     what it was alone.
//
// None asserts a count that the load could change, only what ended the
// runs or what a fixed seed gives, so a neighbour's CPU cannot turn them.
//
// One CrossCheck whose shrink spends its budget runs beside them, and only
// one: TestShrinkLeavesHalfToTheSimplifiers, three seconds of a solver that
// sleeps 100 ms a run. What it asserts is of the simplifier's half of the
// budget, which holds no mutex: a wait for TestCrossCheckJobsChangeNothing's
// mutex only takes from rapid's half, which runs out either way (its
// comment says what a loaded machine changes: nothing it asserts). The
// tests above that do not shrink never take rapidflags' mutex nor write
// rapid's flags (they draw boards with Generator.Example, which reads only
// flags a shrink leaves as they are). TestShrinkTimeIsAHardBound, whose
// shrink is bounded by the clock, stays serial: a wait for the mutex would
// be counted in the shrinking time it bounds.
//
// Most of them wait (sleeps, time budgets), so TestMain lets waitingParallel
// of them run at once, not one per core.
