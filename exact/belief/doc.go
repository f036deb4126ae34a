// Package belief is the trap-maze analyst's Bayesian bookkeeping: what the
// player knows about each trap kind (unknown, harmless or harmful), the
// posterior over the 2^K joint states given that knowledge, the probability
// that a kind is harmful, and the update when a kind is revealed.
//
// A Knowledge packs the K kinds as base-3 digits, so the 3^K knowledges index
// a table. Only the analyst (package exact) uses this package; the referee
// (package montecarlo/referees) tracks what it has revealed in its own way, so a
// mistake here cannot hide by appearing on both sides of a comparison.
//
// Since the prior is a vector of integer weights, every posterior is exact:
// P(joint state i | knowledge) = p_i / Σ{p_j : j consistent}, and
// P(kind t harmful | knowledge) = Mass(knowledge with t harmful) / Mass(knowledge).
package belief
