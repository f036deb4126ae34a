// Package gamerules holds the rules (package rules) of the four built-in
// games, each a step function over its own states, written from the
// problems' statements (as the games' package docs give them) and not from
// the hand-written analysts (exact/) or referees (montecarlo/), which it may
// not import (internal/archtest). It sits above the board types (games/)
// and beside rules/engine and rules/referee, so that games/ stays board
// types and formats only, and the rules stay apart from the code they
// check: props compares the three (analyst, engine, referee) on small
// boards.
package gamerules
