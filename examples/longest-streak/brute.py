# python3 brute.py < input: t, then t test cases; prints each case's exact
# expected longest streak as p/q, one a line, by trying all 2^n tosses
# with Python fractions (n up to 12 or so).
import itertools
import sys
from fractions import Fraction


def expected(chances):
    total = Fraction(0)
    for heads in itertools.product((False, True), repeat=len(chances)):
        chance = Fraction(1)
        best = run = 0
        for head, p in zip(heads, chances):
            chance *= Fraction(p, 100) if head else Fraction(100 - p, 100)
            run = run + 1 if head else 0
            best = max(best, run)
        total += chance * best
    return total


def main():
    words = iter(sys.stdin.read().split())
    for _ in range(int(next(words))):
        n = int(next(words))
        e = expected([int(next(words)) for _ in range(n)])
        print(f"{e.numerator}/{e.denominator}")


main()
