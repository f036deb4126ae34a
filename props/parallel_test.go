package props

// Which of props' tests run in parallel (t.Parallel), and why not the rest:
// the reasons of props/specs/parallel_test.go, which has most of the long
// tests. A test that fixes rapid's seed, or a CrossCheck that may shrink,
// stays serial (rapid's flags are process-wide, and two shrinks at once
// would eat each other's time budget); what is left is the long pure
// computation of a distribution followed for 2^22 throws (TestTooLongToPlay)
// and the checks that wait out a time budget (Time, BoardTime) with
// nothing failing and nothing to shrink: TestCrossCheckBoardTime,
// TestCrossCheckStuckOracleStopped, TestCrossCheckTimeEndsRunsInProgress,
// TestCrossCheckRunsTheWholeTime and TestCrossCheckTimeCutsConfirmation
// (whose failures are never confirmed, so never shrunk). None asserts a count that the load could
// change, only what ended the runs, so a neighbour's CPU cannot turn them.
//
// One CrossCheck that shrinks runs beside them, and only one:
// TestShrinkLeavesHalfToTheSimplifiers, three seconds of a solver that
// sleeps 100 ms a run. The tests above never fail, so never shrink and never
// take rapidflags' mutex nor write rapid's flags (they draw boards with
// Generator.Example, which reads only flags a shrink leaves as they are),
// and the shrink's runs are sleeps that a neighbour's CPU does not lengthen
// (its comment says what a loaded machine changes: nothing it asserts). A
// second parallel test that may shrink would wait on the mutex with its
// budget running, so the other shrinking tests stay serial.
