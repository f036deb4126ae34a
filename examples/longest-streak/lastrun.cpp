// Longest Streak, with a slip: the sum over L stops at n - 1, so the streak
// of all n coins is forgotten (the statement: correct.cpp).
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
    for (int L = 1; L < n; L++) {  // the slip: a streak of all n coins is forgotten
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
