// Package reports runs the agreement check over many boards and writes what
// it found: report.json for machines (a versioned schema, see Report), and
// summaries for people.
//
// A report is deterministic: the same Options give byte-identical JSON,
// whatever the number of workers, because every board's simulation is seeded
// from (seed, game, board index) alone and timings are kept out of it.
package reports
