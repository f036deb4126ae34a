// Longest Streak: t test cases; each, n coins tossed in order, coin i heads
// with chance p_i percent; print the expected longest run of heads modulo
// 998244353. E = sum over L = 1..n of P(longest >= L), and P(longest < L)
// by a walk over the current run's length, kept below L.
#include <cstdio>
#include <vector>

const long long MOD = 998244353;

long long power(long long b, long long e) {
    long long r = 1;
    for (b %= MOD; e > 0; e >>= 1, b = b * b % MOD)
        if (e & 1) r = r * b % MOD;
    return r;
}

long long expectedLongest(const std::vector<long long>& heads) {
    int n = heads.size();
    long long answer = 0;
    for (int L = 1; L <= n; L++) {
        std::vector<long long> run(L, 0);  // run[j]: P(current run is j, none reached L)
        run[0] = 1;
        for (int i = 0; i < n; i++) {
            std::vector<long long> next(L, 0);
            long long h = heads[i], t = (1 - heads[i] + MOD) % MOD;
            for (int j = 0; j < L; j++) {
                next[0] = (next[0] + run[j] * t) % MOD;
                if (j + 1 < L) next[j + 1] = (next[j + 1] + run[j] * h) % MOD;
            }
            run = next;
        }
        long long below = 0;
        for (long long v : run) below = (below + v) % MOD;
        answer = (answer + 1 - below + MOD) % MOD;
    }
    return answer;
}

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    long long percent = power(100, MOD - 2);
    while (t--) {
        int n;
        if (std::scanf("%d", &n) != 1) return 1;
        std::vector<long long> heads(n);
        for (auto& h : heads) {
            int p;
            if (std::scanf("%d", &p) != 1) return 1;
            h = p * percent % MOD;
        }
        std::printf("%lld\n", expectedLongest(heads));
    }
}
