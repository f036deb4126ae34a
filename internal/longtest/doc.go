// Package longtest decides whether the long tests run. `go test ./...` is
// the contributor's quick check and leaves them out; CHANCECHECK_LONG=1
// go test ./... is the full suite, which .ci/run runs (docs/contributing.md, "Tests").
//
// A long test is one whose cost is the point: an example's README walk-through that
// builds and runs programs in other languages, a sweep over many seeds or
// boards, an end-to-end run under a memory limit. Each says, beside its
// call to Skip, why it is long. A test that is merely slow is made cheaper
// instead (smaller inputs with the same power, shared fixtures, t.Parallel).
//
//	func TestWalkThrough(t *testing.T) {
//		longtest.Skip(t, "builds the C++ solvers and runs Python programs some hundred times")
//		...
//	}
package longtest
