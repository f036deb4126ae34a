// Command static has a static array of 1800 MiB (the Go linker's limit is
// 2 GB a symbol): Linux maps it at exec, and under a smaller RLIMIT_DATA it
// kills the program with SIGSEGV before main. It reads an index and prints
// the byte it set there.
package main

import "fmt"

var a [1800 << 20]byte

func main() {
	var i int
	fmt.Scan(&i)
	a[i] = 1
	fmt.Println(a[i])
}
