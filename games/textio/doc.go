// Package textio holds what every game's parser shares: a whitespace tokenizer
// that remembers line numbers, and the error type that names the file, the line
// and what was expected there.
//
// Errors print as "FILE:LINE: message", the shape the CLI promises on stderr.
package textio
