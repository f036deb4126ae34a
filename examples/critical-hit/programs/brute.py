#!/usr/bin/env python3
"""Brute force for Critical Hit (AtCoder ABC 280 E): the exact expected
number of attacks as a fraction, by following every sequence of hits.
Exponential (about 1.6^N paths): for small N.

    python3 brute.py < input

prints the fraction p/q itself; chancecheck takes its residue.
"""
import sys
from fractions import Fraction


def expected(n, p):
    """The expected number of attacks still to come at stamina n."""
    if n <= 0:
        return Fraction(0)
    crit = Fraction(p, 100)
    return 1 + crit * expected(n - 2, p) + (1 - crit) * expected(n - 1, p)


def main():
    n, p = map(int, sys.stdin.read().split())
    e = expected(n, p)
    print(f"{e.numerator}/{e.denominator}")


if __name__ == "__main__":
    main()
