// Linear forwarding tables as users capture them, in either of two near-identical forms:
//  - OpenSM's dump (`opensm-lfts.dump`, written into --dump_files_dir with -D 0x43):
//      Unicast lids [0-52] of switch Lid 1 guid 0x0000000000200000 ('leaf0.0'):
//      0x0002 001 # Channel Adapter portguid 0x0000000000100001: 'h0'
//      52 lids dumped
//  - `ibroute <lid>` output of every switch, concatenated:
//      Unicast lids [0x0-0x34] of switch Lid 1 guid 0x0000000000200000 (leaf0.0):
//        Lid  Out   Destination
//             Port     Info
//      0x0002 001 : (Channel Adapter portguid 0x0000000000100001: 'h0')
//      46 valid lids dumped
// Every table must end with its closing line, so a truncated table is an error rather
// than a table with silently missing entries. ibroute counts the entries it printed
// ("valid lids"); OpenSM counts the LIDs it scanned (the header's upper bound) and leaves
// out unrouted ones.
#include <fmt/core.h>

#include <set>

#include "io/text_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"

namespace liquid {

namespace {

using io::TextLines;

constexpr int kNoPath = 255;  // OpenSM's "no path" port (an unrouted LID)

class TableReader {
public:
    TableReader(const std::string& path, std::vector<IbForwardingTable>& out) : in_(path), out_(out) {}

    void read() {
        std::string raw;
        while (in_.next(raw)) line(io::trim(raw));
        if (open_)
            in_.fail("the table of switch LID " + std::to_string(out_.back().lid) + " ends without its 'N lids dumped' line",
                     "the file is truncated: capture the whole dump");
        if (!seen_any_)
            in_.fail("no 'Unicast lids ... of switch' table in the file", "give OpenSM's opensm-lfts.dump or ibroute output");
    }

private:
    void line(std::string_view s) {
        if (s.empty() || s[0] == '#') return;
        if (io::starts_with(s, "Unicast lids")) return header(s);
        if (io::starts_with(s, "Lid") || io::starts_with(s, "Port")) return;  // ibroute's column titles
        auto w = io::words(s);
        if (w.size() >= 3 && w[1] == "valid" && w[2] == "lids") return footer(w[0], true);
        if (io::starts_with(s, "0x")) return entry(w);
        if (w.size() >= 3 && w[1] == "lids") return footer(w[0], false);
        in_.fail("unexpected line '" + std::string(s.substr(0, 60)) + "'",
                 "expected 'Unicast lids ...', '0xLID PORT ...' or 'N lids dumped'");
    }

    void header(std::string_view s) {
        if (open_)
            in_.fail("a new table starts before the previous one's 'N lids dumped' line",
                     "the file is truncated or two dumps were mixed");
        IbForwardingTable t;
        t.where = in_.where();
        auto lid_at = s.find("switch Lid ");
        auto guid_at = s.find(" guid ");
        if (lid_at == std::string_view::npos || guid_at == std::string_view::npos)
            in_.fail("the table header names no 'switch Lid N guid 0x...'",
                     "keep the header line exactly as OpenSM or ibroute prints it");
        auto lid_words = io::words(s.substr(lid_at + 11));
        auto guid_words = io::words(s.substr(guid_at + 6));
        std::uint64_t v = 0;
        if (lid_words.empty() || !io::parse_uint(lid_words[0], v, 0xbfff) || v == 0)
            in_.fail("bad switch LID in the table header", "LIDs are 1..49151");
        t.lid = static_cast<int>(v);
        if (guid_words.empty() || !io::parse_uint(guid_words[0], t.guid, UINT64_MAX, 16))
            in_.fail("bad switch GUID in the table header", "write the GUID as 0x followed by hex digits");
        auto range = s.find('[');
        auto dash = s.find('-', range), end = s.find(']', range);
        if (range == std::string_view::npos || dash == std::string_view::npos || end == std::string_view::npos || dash > end ||
            !io::parse_uint(s.substr(dash + 1, end - dash - 1), last_lid_, 0xffff))
            in_.fail("the table header has no LID range [first-last]",
                     "keep the header line exactly as OpenSM or ibroute prints it");
        auto open = s.find('(', guid_at), close = s.rfind(')');
        if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
            auto d = s.substr(open + 1, close - open - 1);
            if (d.size() >= 2 && d.front() == '\'' && d.back() == '\'') d = d.substr(1, d.size() - 2);
            t.description = std::string(d);
        }
        if (!lids_.insert(t.lid).second)
            in_.fail("switch LID " + std::to_string(t.lid) + " has a second table", "give every switch's table once");
        out_.push_back(std::move(t));
        open_ = true;
        entries_ = 0;
        seen_any_ = true;
    }

    void entry(const std::vector<std::string_view>& w) {
        if (!open_) in_.fail("a forwarding entry outside any table", "start with the 'Unicast lids ... of switch' line");
        std::uint64_t lid = 0, port = 0;
        if (!io::parse_uint(w[0], lid, 0xffff))
            in_.fail("bad destination LID '" + std::string(w[0]) + "'", "LIDs are hex numbers 0x0001..0xffff");
        if (w.size() < 2 || !io::parse_uint(w[1], port, 255))
            in_.fail("bad output port after LID " + std::string(w[0]), "write '0xLID PORT' with a port 0..255");
        ++entries_;
        if (port == kNoPath) return;  // unrouted: the same as no entry
        if (!out_.back().port_of_lid.emplace(static_cast<int>(lid), static_cast<int>(port)).second)
            in_.fail("LID " + std::to_string(lid) + " has two entries in this table", "give one output port per LID");
    }

    void footer(std::string_view count, bool counts_entries) {
        if (!open_) in_.fail("'lids dumped' without a table", "keep each table's header line");
        std::uint64_t n = 0;
        if (!io::parse_uint(count, n, 1u << 20))
            in_.fail("bad count '" + std::string(count) + "'", "the line reads 'N lids dumped'");
        if (counts_entries && n != entries_)
            in_.fail("the table lists " + std::to_string(entries_) + " entries but says " + std::to_string(n),
                     "the file is truncated or edited: capture it again");
        if (!counts_entries && (n != last_lid_ || entries_ > n))
            in_.fail("the table covers LIDs up to " + std::to_string(last_lid_) + " with " + std::to_string(entries_) +
                         " entries but says " + std::to_string(n) + " lids dumped",
                     "the file is truncated or edited: capture it again");
        open_ = false;
    }

    TextLines in_;
    std::vector<IbForwardingTable>& out_;
    std::set<int> lids_;
    bool open_ = false, seen_any_ = false;
    std::uint64_t entries_ = 0, last_lid_ = 0;
};

}  // namespace

std::vector<IbForwardingTable> read_forwarding_tables(const std::vector<std::string>& paths) {
    std::vector<IbForwardingTable> tables;
    // A second table of one switch is refused where the tables meet the topology
    // (ib_network), which can also say when a header's LID and GUID name different switches.
    for (const auto& p : paths) TableReader(p, tables).read();
    return tables;
}

}  // namespace liquid
