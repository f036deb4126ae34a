// Package textio holds what every game's parser shares: a whitespace tokenizer
// that remembers line numbers, and the error type that names the file, the line
// and what was expected there. It also holds the Sample type and its reader:
// each game package embeds its published samples (NAME.in and NAME.ans in its
// samples directory) and returns them from its Samples function.
//
// Errors print as "FILE:LINE: message", the shape the CLI promises on stderr.
package textio
