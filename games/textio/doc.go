// Package textio holds what every game's parser shares: a whitespace tokenizer
// that remembers line numbers, and the error type that names the file, the line
// and what was expected there. It also holds the Sample type and its reader:
// each game package embeds its published samples (NAME.in and NAME.ans in its
// samples directory) and returns them from its Samples function.
//
// There are two readers that split alike. Read returns the input as Tokens,
// every token a string with its line: simple, for inputs of one case.
// Scanner reads the same tokens one at a time from the input's bytes, with
// no allocation per token, for files of many cases; its Int reads a number
// without making a string of it. A parser moving from one to the other keeps
// every error.
//
// Errors print as "FILE:LINE: message", the shape the CLI promises on stderr.
package textio
