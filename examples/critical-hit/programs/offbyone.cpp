// Critical Hit, a slip in the residue alone: the right expectation, printed
// one too high. No simulation sees it (the residue of a fraction plus one
// is the residue of no small fraction); the brute force's exact answer does.
#include <cstdio>
#include <vector>

const long long MOD = 998244353;

long long power(long long b, long long e) {
    long long r = 1;
    for (b %= MOD; e > 0; e >>= 1, b = b * b % MOD)
        if (e & 1) r = r * b % MOD;
    return r;
}

int main() {
    long long n, pc;
    if (std::scanf("%lld %lld", &n, &pc) != 2) return 1;
    long long p = pc * power(100, MOD - 2) % MOD, q = (1 - p + MOD) % MOD;
    std::vector<long long> e(n + 1, 0);
    for (long long s = 1; s <= n; s++) {
        long long two = s >= 2 ? e[s - 2] : 0;
        e[s] = (1 + p * two + q * e[s - 1]) % MOD;
    }
    std::printf("%lld\n", (e[n] + 1) % MOD);  // the slip: one too many
}
