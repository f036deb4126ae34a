package solverproc

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnbalanced is returned by Split for an unclosed quote or a trailing backslash.
var ErrUnbalanced = errors.New("unbalanced quote or trailing backslash")

// ErrShellOperator is returned by Split for an unquoted shell operator
// (| & ; < > ( )): no shell runs the command, so a pipe or a redirection
// would reach the program as an argument, and the command would run
// without it, silently.
var ErrShellOperator = errors.New("a shell operator outside quotes, but no shell runs the command")

// Split breaks a command line into words as a POSIX shell would for simple
// commands: blanks separate words, 'single quotes' keep everything literal,
// "double quotes" keep blanks and honour \" \\ \$ \`, and a backslash outside
// quotes escapes the next character. There is no expansion of variables,
// globs or redirections: the words are passed to the program as they are,
// and an unquoted operator (| & ; < > ( )) is an error (ErrShellOperator)
// that says to quote it or to run a shell (sh -c '...').
func Split(cmdline string) ([]string, error) {
	var (
		words  []string
		cur    strings.Builder
		inWord bool
	)
	for i := 0; i < len(cmdline); i++ {
		c := cmdline[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 >= len(cmdline) {
				return nil, ErrUnbalanced
			}
			i++
			if cmdline[i] != '\n' { // backslash-newline joins lines
				cur.WriteByte(cmdline[i])
			}
			inWord = true
		case c == '\'':
			j := strings.IndexByte(cmdline[i+1:], '\'')
			if j < 0 {
				return nil, ErrUnbalanced
			}
			cur.WriteString(cmdline[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(cmdline) && cmdline[i] != '"'; i++ {
				if cmdline[i] == '\\' && i+1 < len(cmdline) && strings.IndexByte("\"\\$`", cmdline[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(cmdline[i])
			}
			if i >= len(cmdline) {
				return nil, ErrUnbalanced
			}
			inWord = true
		case strings.IndexByte("|&;<>()", c) >= 0:
			return nil, fmt.Errorf("%w: %q at byte %d of %q: quote it to pass it to the program, or run a shell: sh -c '...'", ErrShellOperator, c, i+1, cmdline)
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
