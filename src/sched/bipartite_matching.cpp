#include "sched/bipartite_matching.hpp"

#include <algorithm>
#include <limits>

namespace liquid::sched {
namespace {

bool augment(int i, const std::function<bool(int, int)>& admits, int n, std::vector<int>& col_owner, std::vector<char>& seen) {
    for (int j = 0; j < n; ++j) {
        if (seen[static_cast<std::size_t>(j)] || !admits(i, j)) continue;
        seen[static_cast<std::size_t>(j)] = 1;
        const int owner = col_owner[static_cast<std::size_t>(j)];
        if (owner < 0 || augment(owner, admits, n, col_owner, seen)) {
            col_owner[static_cast<std::size_t>(j)] = i;
            return true;
        }
    }
    return false;
}

}  // namespace

std::vector<int> perfect_matching(int n, const std::function<bool(int, int)>& admits) {
    std::vector<int> col_owner(static_cast<std::size_t>(n), -1);
    std::vector<char> seen(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        std::fill(seen.begin(), seen.end(), 0);
        if (!augment(i, admits, n, col_owner, seen)) return {};
    }
    std::vector<int> match(static_cast<std::size_t>(n), -1);
    for (int j = 0; j < n; ++j) match[static_cast<std::size_t>(col_owner[static_cast<std::size_t>(j)])] = j;
    return match;
}

std::vector<int> max_weight_matching(int n, const std::vector<double>& weight) {
    // Hungarian method on costs -weight with potentials u (rows) and v (columns), 1-based.
    const double inf = std::numeric_limits<double>::infinity();
    const auto N = static_cast<std::size_t>(n);
    std::vector<double> u(N + 1, 0), v(N + 1, 0), minv(N + 1);
    std::vector<int> p(N + 1, 0), way(N + 1, 0);
    std::vector<char> used(N + 1);
    for (int i = 1; i <= n; ++i) {
        p[0] = i;
        int j0 = 0;
        std::fill(minv.begin(), minv.end(), inf);
        std::fill(used.begin(), used.end(), 0);
        do {
            used[static_cast<std::size_t>(j0)] = 1;
            const int i0 = p[static_cast<std::size_t>(j0)];
            double delta = inf;
            int j1 = 0;
            for (int j = 1; j <= n; ++j) {
                if (used[static_cast<std::size_t>(j)]) continue;
                const double cost = -weight[static_cast<std::size_t>(i0 - 1) * N + static_cast<std::size_t>(j - 1)];
                const double cur = cost - u[static_cast<std::size_t>(i0)] - v[static_cast<std::size_t>(j)];
                if (cur < minv[static_cast<std::size_t>(j)])
                    minv[static_cast<std::size_t>(j)] = cur, way[static_cast<std::size_t>(j)] = j0;
                if (minv[static_cast<std::size_t>(j)] < delta) delta = minv[static_cast<std::size_t>(j)], j1 = j;
            }
            for (int j = 0; j <= n; ++j)
                if (used[static_cast<std::size_t>(j)]) {
                    u[static_cast<std::size_t>(p[static_cast<std::size_t>(j)])] += delta;
                    v[static_cast<std::size_t>(j)] -= delta;
                } else {
                    minv[static_cast<std::size_t>(j)] -= delta;
                }
            j0 = j1;
        } while (p[static_cast<std::size_t>(j0)] != 0);
        do {
            const int j1 = way[static_cast<std::size_t>(j0)];
            p[static_cast<std::size_t>(j0)] = p[static_cast<std::size_t>(j1)];
            j0 = j1;
        } while (j0 != 0);
    }
    std::vector<int> match(N, -1);
    for (int j = 1; j <= n; ++j) {
        const int i = p[static_cast<std::size_t>(j)] - 1;
        if (i >= 0 && weight[static_cast<std::size_t>(i) * N + static_cast<std::size_t>(j - 1)] > 0)
            match[static_cast<std::size_t>(i)] = j - 1;
    }
    return match;
}

}  // namespace liquid::sched
