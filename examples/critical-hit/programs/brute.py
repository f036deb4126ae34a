#!/usr/bin/env python3
"""Brute force for Critical Hit (AtCoder ABC 280 E): the exact expected
number of attacks as a fraction, by following every sequence of hits.
Exponential (about 1.6^N paths): for small N.

    python3 brute.py [--distribution] < input

prints the fraction p/q itself (chancecheck takes its residue); with
--distribution, then the distribution of the number of attacks, "attacks
probability" lines, for `stress --brute-distribution`.
"""
import sys
from collections import defaultdict
from fractions import Fraction


def attacks(n, p):
    """The distribution of the number of attacks still to come at stamina
    n, as a dict attacks -> exact probability."""
    if n <= 0:
        return {0: Fraction(1)}
    crit = Fraction(p, 100)
    dist = defaultdict(Fraction)
    for chance, left in ((crit, n - 2), (1 - crit, n - 1)):
        if chance:
            for k, q in attacks(left, p).items():
                dist[k + 1] += chance * q
    return dist


def main():
    n, p = map(int, sys.stdin.read().split())
    dist = attacks(n, p)
    e = sum(k * q for k, q in dist.items())
    print(f"{e.numerator}/{e.denominator}")
    if "--distribution" in sys.argv[1:]:
        for k in sorted(dist):
            print(k, f"{float(dist[k]):.17g}")


if __name__ == "__main__":
    main()
