// Bag of mice (Codeforces 148D), a correct solution: p[w][b] is the
// princess's chance with w white and b black mice, she to draw. She draws
// white (w/n); or she draws black, the dragon black, and a white or a black
// jumps out, leaving (w-1, b-2) or (w, b-3).
#include <cstdio>
#include <vector>

int main() {
    int w, b;
    if (std::scanf("%d %d", &w, &b) != 2) return 1;
    std::vector<std::vector<double>> p(w + 1, std::vector<double>(b + 1, 0.0));
    for (int i = 1; i <= w; i++) {
        for (int j = 0; j <= b; j++) {
            double n = i + j;
            p[i][j] = i / n;
            if (j >= 2) {
                double both = j / n * (j - 1) / (n - 1);
                double rest = n - 2;  // at least one mouse (a white) is left
                double next = i / rest * p[i - 1][j - 2];
                if (j >= 3) next += (j - 2) / rest * p[i][j - 3];
                p[i][j] += both * next;
            }
        }
    }
    std::printf("%.9f\n", p[w][b]);
}
