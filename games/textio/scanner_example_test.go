package textio_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/games/textio"
)

func ExampleScanner() {
	sc := textio.ScanBytes([]byte("2\n\n4 42\n7 x\n"), "in.txt")
	t, _, _ := sc.Int("T", 1, 10)
	for range t {
		a, line, err := sc.Int("a", 1, 100)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("line", line, "a =", a)
		if _, _, err := sc.Int("b", 1, 100); err != nil {
			fmt.Println(err)
			return
		}
	}
	// Output:
	// line 3 a = 4
	// line 4 a = 7
	// in.txt:4: expected b (an integer), found "x"
}
