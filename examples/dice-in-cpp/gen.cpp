// Generator for Dice to a total, testlib style:
//
//     gen SEED [T=MAX] [k=MAX]
//
// prints one input "T k": the total T drawn uniformly from 1..MAX (default
// 1000) and the die's faces k from 1..MAX (default 6). The same arguments
// print the same bytes: every random number comes from mt19937_64(SEED),
// mapped to a range by arithmetic of our own (the standard's distributions
// may differ between library versions).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

static long long param(int argc, char** argv, const char* name, long long def) {
    size_t len = std::strlen(name);
    for (int i = 2; i < argc; i++)
        if (std::strncmp(argv[i], name, len) == 0 && argv[i][len] == '=') return std::atoll(argv[i] + len + 1);
    return def;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: gen SEED [T=MAX] [k=MAX]\n");
        return 2;
    }
    std::mt19937_64 rng(std::strtoull(argv[1], nullptr, 10));
    auto upto = [&](long long hi) { return 1 + (long long)(rng() % (unsigned long long)hi); };
    long long t = upto(param(argc, argv, "T", 1000));
    long long k = upto(param(argc, argv, "k", 6));
    std::printf("%lld %lld\n", t, k);
}
