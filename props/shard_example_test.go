package props_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/props"
)

func ExampleParseShard() {
	s, err := props.ParseShard("2/3")
	fmt.Println(s.Index, s.Count, err)
	_, err = props.ParseShard("4/3")
	fmt.Println(err)
	// Output:
	// 2 3 <nil>
	// shard "4/3": want 1 ≤ i ≤ n
}
