package reports

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteJSON writes the report as indented JSON (report.json).
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadJSON reads a report written by WriteJSON, refusing other schema versions.
func ReadJSON(r io.Reader) (*Report, error) {
	var rep Report
	dec := json.NewDecoder(r)
	if err := dec.Decode(&rep); err != nil {
		return nil, fmt.Errorf("report.json: %w", err)
	}
	if rep.Schema != SchemaVersion || rep.Tool != Tool {
		return nil, fmt.Errorf("report.json: schema %q %d, this chancecheck reads %q %d", rep.Tool, rep.Schema, Tool, SchemaVersion)
	}
	return &rep, nil
}

// writeTimingsJSON writes timings.json.
func writeTimingsJSON(w io.Writer, t *Timings) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(t)
}

// readTimingsJSON reads timings.json.
func readTimingsJSON(r io.Reader) (*Timings, error) {
	var t Timings
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return nil, fmt.Errorf("timings.json: %w", err)
	}
	return &t, nil
}
