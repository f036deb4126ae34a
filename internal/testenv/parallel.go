package testenv

import (
	"flag"
	"strconv"
)

// Parallel sets how many of the package's parallel tests run at once
// (-test.parallel) to n, unless the command line gives it; a TestMain
// calls it before m.Run. It is for a package whose parallel tests mostly
// wait (on processes, sleeps, time budgets): the default, one per core,
// would leave the cores idle for most of their time. The package says
// beside its call which of its tests are parallel, and why each may be.
func Parallel(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if given {
		return
	}
	if err := flag.Set("test.parallel", strconv.Itoa(n)); err != nil {
		panic("testenv: " + err.Error()) // testing registers the flag: a program error
	}
}
