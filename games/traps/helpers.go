package traps

import (
	"strconv"
	"strings"
)

func itoa(v int) string { return strconv.Itoa(v) }

// letters lists the trap letters K kinds allow, for error messages.
func letters(kinds int) string {
	switch kinds {
	case 0:
		return "no trap letters"
	case 1:
		return "only A"
	}
	return "only A.." + string(rune('A'+kinds-1))
}

func quoteByte(b byte) string { return strconv.QuoteRune(rune(b)) }

// trimQuote shortens a row for an error message.
func trimQuote(s string) string { return strconv.Quote(strings.ToValidUTF8(clipRow(s), "?")) }

func clipRow(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
