package reports

import (
	"encoding/json"
	"io"
)

// WriteJSON writes the report as indented JSON (report.json).
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
