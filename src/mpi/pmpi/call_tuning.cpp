// The trial that picks the faster of the plan and the MPI library per call kind and size
// class, on the network the job runs on. The plan's advantage is largest where links are
// congested and smallest where calls are latency-bound; where it ends depends on the
// network, the MPI library and its transport, so it is measured, in the job's own first
// calls, instead of guessed (the approach of Faraj, Yuan and Lowenthal's STAR-MPI, ICS 2006:
// collective algorithms chosen by timing them in the application's first calls).
#include <algorithm>

#include "interposer.hpp"

namespace liquid::mpi::interposer {

double median_of(std::vector<double> v) {
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
    if (v.size() % 2) return v[mid];
    return (*std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid)) + v[mid]) / 2;
}

int size_class(long long block) {
    int k = -1;
    for (; block > 0; block >>= 1) ++k;
    return k;
}

std::pair<long long, long long> size_class_blocks(int size_class) {
    if (size_class < 0) return {0, 0};
    const long long from = 1LL << size_class;
    return {from, 2 * from - 1};
}

bool next_runs_library(Tuning& t) {
    if (t.choice == Choice::Trying) return t.library_s.size() < t.liquid_s.size();
    const bool recheck = ++t.calls_since_choice == t.next_recheck;
    return (t.choice == Choice::Library) != recheck;
}

bool record_call(Tuning& t, bool library, double seconds, int calls_each, MPI_Comm comm) {
    std::vector<double>& times = library ? t.library_s : t.liquid_s;
    times.push_back(seconds);
    const auto each = static_cast<std::size_t>(calls_each);
    const bool trial_done = t.choice == Choice::Trying && t.liquid_s.size() >= each && t.library_s.size() >= each;
    const bool recheck = t.choice != Choice::Trying && t.calls_since_choice == t.next_recheck;
    if (t.choice != Choice::Trying && times.size() > each) times.erase(times.begin());
    if (!trial_done && !recheck) return false;
    // A collective's time is its slowest rank's: the largest median over the ranks.
    double medians[2] = {median_of(t.liquid_s), median_of(t.library_s)};
    PMPI_Allreduce(MPI_IN_PLACE, medians, 2, MPI_DOUBLE, MPI_MAX, comm);
    t.liquid_median_s = medians[0];
    t.library_median_s = medians[1];
    const Choice before = t.choice;
    t.choice = t.library_median_s < t.liquid_median_s ? Choice::Library : Choice::Liquid;
    if (recheck) {
        ++t.rechecks;
        t.next_recheck *= 2;
        if (t.choice != before) ++t.changes;
    }
    return true;
}

const char* choice_name(Choice choice) {
    switch (choice) {
        case Choice::Trying: return "trying";
        case Choice::Liquid: return "liquid";
        case Choice::Library: return "library";
    }
    return "?";
}

}  // namespace liquid::mpi::interposer
