//go:build race

package solverproc

// raceBuild says that this test binary runs under the race detector, whose
// runtime does not start under a memory limit of a few hundred megabytes:
// tests that run this binary as a solver under one skip.
const raceBuild = true
