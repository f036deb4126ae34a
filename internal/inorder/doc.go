// Package inorder runs the items of a sequence in parallel and takes
// their results strictly in the sequence's order, as one worker doing
// them one after the other would: what is taken — which items, their
// results, where the run ends — does not depend on how many run at once.
//
// It is the scheduler of props' cross-check search and of programs'
// stress run: both judge inputs in parallel, and both must report the
// lowest failing input, with the counts of the inputs before it, whatever
// their Jobs.
package inorder
