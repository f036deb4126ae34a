package testenv

import (
	"flag"
	"testing"
)

// TestParallel: -test.parallel becomes n where the command line does not
// give it, and stays where it does.
func TestParallel(t *testing.T) {
	f := flag.Lookup("test.parallel")
	was := f.Value.String()
	defer flag.Set("test.parallel", was)
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })

	Parallel(7)
	want := "7"
	if given {
		want = was
	}
	if got := f.Value.String(); got != want {
		t.Errorf("-test.parallel %s after Parallel(7), want %s (given on the command line: %v)", got, want, given)
	}
}
