// Brute force for Dice to a total: the expected number of throws by
// enumerating every sequence of throws until the sum reaches T, each of
// probability k^-length. Exponential in T: for small inputs only.
#include <cstdio>

static long long t, k;
static long double expected = 0;

static void throws(long long sum, int length, long double prob) {
    if (sum >= t) {
        expected += prob * length;
        return;
    }
    for (long long f = 1; f <= k; f++) throws(sum + f, length + 1, prob / k);
}

int main() {
    if (std::scanf("%lld %lld", &t, &k) != 2) return 1;
    throws(0, 0, 1);
    std::printf("%.12Lf\n", expected);
}
