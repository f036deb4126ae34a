// Command hello prints hello: a main package for GoPrograms' test.
package main

import "fmt"

func main() { fmt.Println("hello") }
