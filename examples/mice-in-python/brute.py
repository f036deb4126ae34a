#!/usr/bin/env python3
"""Brute force for Bag of mice (Codeforces 148D): the exact chance, by
following every draw with exact fractions. Exponential: for small bags.

    python3 brute.py < input
"""
import sys
from fractions import Fraction


def chance(w, b, turn):
    """The princess's chance with w white and b black mice in the bag, turn
    0 when she draws next, 1 the dragon, 2 a mouse jumps out."""
    if w + b == 0:
        return Fraction(0)
    n = w + b
    p = Fraction(0)
    if w:  # a white mouse comes out
        if turn == 0:
            p += Fraction(w, n)
        elif turn == 2:
            p += Fraction(w, n) * chance(w - 1, b, 0)
    if b:  # a black mouse comes out
        p += Fraction(b, n) * chance(w, b - 1, (turn + 1) % 3)
    return p


def main():
    w, b = map(int, sys.stdin.read().split())
    print(f"{float(chance(w, b, 0)):.12f}")


if __name__ == "__main__":
    main()
