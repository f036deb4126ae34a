// Package safefile writes chancecheck's output files so that they can be
// kept: a file is written whole or not at all (a temporary file in the same
// directory, synced and renamed over the name), never through a link
// planted in the output directory (the temporary file is created with
// O_CREATE|O_EXCL, which follows no link, and rename replaces a link at the
// name instead of writing through it), with the mode 0644 less the umask;
// and an output directory is checked before a run (CheckDir) rather than
// after it, so that a long run's verdict is never lost to a bad --out.
package safefile
