// MSCCL-style XML of a plan (the algorithm format read by MSCCL / TE-CCL tooling):
// <algo> holds one <gpu> per rank, each a list of thread blocks <tb send= recv= chan=>
// of ordered <step>s. Chunk p of rank r's input buffer goes to chunk r of rank p's output.
#include <sstream>

#include "liquid/plan/plan_json.hpp"

namespace liquid::plan {
namespace {

struct Step {
    std::string type;
    int srcoff = 0, dstoff = 0, cnt = 1, depid = -1, deps = -1;
    bool hasdep = false;
};

struct ThreadBlock {
    int send = -1, recv = -1;
    std::vector<Step> steps;
};

// A thread block per send and per receive keeps MSCCL's rule (one send peer and one
// receive peer per block, each (peer, channel) once per gpu) for any plan.
std::vector<ThreadBlock> thread_blocks(const Plan& plan, int rank) {
    std::vector<ThreadBlock> tbs;
    tbs.push_back({-1, -1, {{"cpy", rank, rank}}});  // the self-transfer: a local copy
    std::vector<int> previous;                       // tbs of the last non-empty frame
    for (const RankFrame& frame : rank_plan(plan, rank).frames) {
        std::vector<int> current;
        auto add = [&](int send, int recv, Step step) {
            ThreadBlock tb{send, recv, {}};
            for (int dep : previous) {
                Step& last = tbs[dep].steps.back();
                last.hasdep = true;
                tb.steps.push_back({"nop", 0, 0, 0, dep, static_cast<int>(tbs[dep].steps.size()) - 1});
            }
            tb.steps.push_back(step);
            current.push_back(static_cast<int>(tbs.size()));
            tbs.push_back(std::move(tb));
        };
        for (int p : frame.send_to) add(p, -1, {"s", p, rank});
        for (int p : frame.recv_from) add(-1, p, {"r", rank, p});
        if (!current.empty()) previous = std::move(current);
    }
    return tbs;
}

}  // namespace

std::string plan_msccl_xml(const Plan& plan, const std::string& name) {
    const int k = plan.ranks;
    std::ostringstream x;
    x.exceptions(std::ios::badbit);  // out of memory throws, never a silently truncated algorithm
    x << "<algo name=\"" << name << "\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"" << k << "\" ngpus=\"" << k
      << "\" coll=\"alltoall\" inplace=\"0\" outofplace=\"1\">\n";
    for (int r = 0; r < k; ++r) {
        x << "  <gpu id=\"" << r << "\" i_chunks=\"" << k << "\" o_chunks=\"" << k << "\" s_chunks=\"0\">\n";
        const auto tbs = thread_blocks(plan, r);
        for (std::size_t t = 0; t < tbs.size(); ++t) {
            x << "    <tb id=\"" << t << "\" send=\"" << tbs[t].send << "\" recv=\"" << tbs[t].recv << "\" chan=\"0\">\n";
            for (std::size_t s = 0; s < tbs[t].steps.size(); ++s) {
                const Step& st = tbs[t].steps[s];
                x << "      <step s=\"" << s << "\" type=\"" << st.type << "\" srcbuf=\"i\" srcoff=\"" << st.srcoff
                  << "\" dstbuf=\"o\" dstoff=\"" << st.dstoff << "\" cnt=\"" << st.cnt << "\" depid=\"" << st.depid
                  << "\" deps=\"" << st.deps << "\" hasdep=\"" << (st.hasdep ? 1 : 0) << "\"/>\n";
            }
            x << "    </tb>\n";
        }
        x << "  </gpu>\n";
    }
    x << "</algo>\n";
    return x.str();
}

}  // namespace liquid::plan
