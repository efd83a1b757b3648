// ibnetdiscover's topology output (infiniband-diags), which is also the format ibsim
// reads. A node is a header line, e.g.
//   Switch  36 "S-0002c90200405a1c"   # "leaf01" enhanced port 0 lid 3 lmc 0
//   Ca      2 "H-0002c9030001e3f2"    # "node01 HCA-1"
// followed by one line per connected port:
//   [1]     "H-0002c9030001e3f2"[1](2c9030001e3f3)   # "node01 HCA-1" lid 7 4xEDR
//   [1](2c9030001e3f3)  "S-0002c90200405a1c"[1]      # lid 7 lmc 0 "leaf01" lid 3 4xEDR
// and `switchguid=`/`caguid=` lines before the header. ibsim files use "Hca" and plain
// names without comments.
#include <unordered_map>

#include "io/text_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"

namespace liquid {

namespace {

using io::TextLines;

/// A cursor over one line for the small grammar above.
struct Cursor {
    std::string_view s;
    std::size_t i = 0;
    void skip_space() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    }
    bool eat(char c) {
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    std::string_view until(char c) {  // the text up to c (c consumed); empty view if no c
        auto j = s.find(c, i);
        if (j == std::string_view::npos) return {};
        auto out = s.substr(i, j - i);
        i = j + 1;
        return out;
    }
    std::string_view rest() const { return i < s.size() ? s.substr(i) : std::string_view{}; }
};

int port_number(const TextLines& in, std::string_view text, int max = 255) {
    std::uint64_t v = 0;
    if (!io::parse_uint(text, v, static_cast<std::uint64_t>(max)))
        in.fail("'" + std::string(text) + "' is not a port number", "ports are whole numbers 0.." + std::to_string(max));
    return static_cast<int>(v);
}

/// "[N]" (and an optional "[ext N]" after it); returns N.
int bracketed_port(const TextLines& in, Cursor& c) {
    if (!c.eat('[')) in.fail("expected '[port]'", "write ports as [N]");
    int port = port_number(in, c.until(']'));
    if (io::starts_with(c.rest(), "[ext ")) c.until(']');
    return port;
}

/// The value after "lid " in a comment, first occurrence after `from`; 0 if none.
int comment_lid(const TextLines& in, std::string_view comment, std::size_t from = 0) {
    auto p = comment.find("lid ", from);
    if (p == std::string_view::npos) return 0;
    auto w = io::words(comment.substr(p + 4));
    if (w.empty()) in.fail("'lid' without a number in the comment", "write 'lid N'");
    std::uint64_t v = 0;
    if (!io::parse_uint(w[0], v, 0xffff)) in.fail("bad LID '" + std::string(w[0]) + "'", "LIDs are 1..65535");
    return static_cast<int>(v);
}

std::string first_quoted(std::string_view comment) {
    auto a = comment.find('"');
    if (a == std::string_view::npos) return {};
    auto b = comment.find('"', a + 1);
    if (b == std::string_view::npos) return {};
    return std::string(comment.substr(a + 1, b - a - 1));
}

/// The last word shaped like "4xEDR" (width x speed), if any.
std::string speed_of(std::string_view comment) {
    std::string out;
    for (auto w : io::words(comment)) {
        auto x = w.find('x');
        if (x != std::string_view::npos && x > 0 && x + 1 < w.size() && w[0] >= '1' && w[0] <= '9') out = std::string(w);
    }
    return out;
}

std::uint64_t guid_of(const TextLines& in, std::string_view value) {
    auto paren = value.find('(');
    std::uint64_t v = 0;
    if (!io::parse_uint(io::trim(value.substr(0, paren)), v, UINT64_MAX, 16))
        in.fail("bad GUID '" + std::string(value) + "'", "write GUIDs as 0x followed by hex digits");
    return v;
}

/// "S-0002c90200405a1c" -> 0x0002c90200405a1c; 0 when the id carries no GUID.
std::uint64_t guid_in_id(std::string_view id) {
    std::uint64_t v = 0;
    if (id.size() == 18 && id[1] == '-' && io::parse_uint(id.substr(2), v, UINT64_MAX, 16)) return v;
    return 0;
}

class Reader {
public:
    explicit Reader(const std::string& path) : in_(path) { topo_.file = path; }

    IbTopology read() {
        std::string raw;
        while (in_.next(raw)) line(io::trim(raw));
        if (topo_.nodes.empty()) in_.fail("the file describes no node", "give ibnetdiscover output (Switch/Ca records)");
        connect();
        return std::move(topo_);
    }

private:
    void line(std::string_view s) {
        if (s.empty() || s[0] == '#') return;
        if (s[0] == '[') return port_line(s);
        auto w = io::words(s);
        if (w[0] == "Switch" || w[0] == "Ca" || w[0] == "Hca" || w[0] == "Rt") return header(s, w[0]);
        auto eq = s.find('=');
        if (eq != std::string_view::npos) {
            auto key = s.substr(0, eq);
            if (key == "switchguid" || key == "caguid" || key == "rtguid") pending_guid_ = guid_of(in_, s.substr(eq + 1));
            else if (key != "vendid" && key != "devid" && key != "sysimgguid")
                in_.fail("unknown setting '" + std::string(key) + "'",
                         "expected vendid, devid, sysimgguid, switchguid or caguid");
            return;
        }
        in_.fail("unexpected line '" + std::string(s.substr(0, 60)) + "'",
                 "expected a Switch/Ca header, a [port] line or a comment");
    }

    void header(std::string_view s, std::string_view type) {
        Cursor c{s, type.size()};
        c.skip_space();
        auto count_end = c.s.find_first_of(" \t\"", c.i);
        IbNode n;
        n.is_switch = type == "Switch";
        n.port_count =
            port_number(in_, c.s.substr(c.i, count_end == std::string_view::npos ? std::string_view::npos : count_end - c.i));
        if (n.port_count < 1) in_.fail("a node needs at least one port", "give the port count after the node type");
        c.i = count_end == std::string_view::npos ? c.s.size() : count_end;
        c.skip_space();
        if (!c.eat('"')) in_.fail("expected the quoted node id", "write e.g. Switch 36 \"S-0002c90200405a1c\"");
        auto id = c.until('"');
        if (id.empty()) in_.fail("the node id is empty or unterminated", "close the quotes around a non-empty id");
        n.id = std::string(id);
        c.skip_space();
        auto comment = c.rest();
        if (!comment.empty() && comment[0] == '#') {
            n.description = first_quoted(comment);
            if (n.is_switch) n.lid = comment_lid(in_, comment);
        }
        n.guid = pending_guid_ ? pending_guid_ : guid_in_id(id);
        pending_guid_ = 0;
        n.line = in_.line_number();
        auto [it, fresh] = index_.emplace(n.id, static_cast<int>(topo_.nodes.size()));
        if (!fresh)
            in_.fail(
                "node \"" + n.id + "\" is described twice (first on line " + std::to_string(topo_.nodes[it->second].line) + ")",
                "describe every node once");
        topo_.nodes.push_back(std::move(n));
    }

    void port_line(std::string_view s) {
        if (topo_.nodes.empty()) in_.fail("a port line before any node header", "start with a Switch or Ca line");
        IbNode& n = topo_.nodes.back();
        Cursor c{s};
        const int port = bracketed_port(in_, c);
        IbPort p;
        p.line = in_.line_number();
        if (c.eat('(')) c.until(')');  // the CA port's GUID
        c.skip_space();
        if (!c.eat('"')) in_.fail("expected the quoted id of the peer", "write [port] \"peer\"[port]");
        auto peer = c.until('"');
        if (peer.empty()) in_.fail("the peer id is empty or unterminated", "close the quotes around the peer id");
        p.peer_id = std::string(peer);
        p.peer_port = bracketed_port(in_, c);
        if (c.eat('(')) c.until(')');
        c.skip_space();
        auto rest = c.rest();
        int lid = 0;
        if (!rest.empty() && rest[0] == '#') {
            p.speed = speed_of(rest);
            // A CA's own port line starts its comment with its LID; a switch's names the peer's.
            auto after = io::trim(rest.substr(1));
            if (!n.is_switch && !after.empty() && after[0] != '"') lid = comment_lid(in_, rest);
        }
        if (port < 1 || port > n.port_count)
            in_.fail("port " + std::to_string(port) + " is outside 1.." + std::to_string(n.port_count) + " of \"" + n.id + "\"",
                     "fix the port or the node's port count");
        if (p.peer_port < 1) in_.fail("peer port 0 is not a cable end", "peer ports start at 1");
        if (n.ports.count(port))
            in_.fail("port " + std::to_string(port) + " of \"" + n.id + "\" is listed twice", "list every port once");
        if (p.peer_id == n.id)
            in_.fail("port " + std::to_string(port) + " of \"" + n.id + "\" is cabled to its own node",
                     "a cable joins two nodes");
        n.ports[port] = std::move(p);
        if (lid) n.port_lids[port] = lid;
        if (!n.is_switch && !n.lid && lid) n.lid = lid;
    }

    /// Resolves peers and checks that both ends of every cable agree.
    void connect() {
        for (auto& self : topo_.nodes)
            for (auto& [port, p] : self.ports) {
                auto where = topo_.file + ":" + std::to_string(p.line);
                auto it = index_.find(p.peer_id);
                if (it == index_.end())
                    throw InputError(where, "peer \"" + p.peer_id + "\" is not described in the file",
                                     "give the whole ibnetdiscover output");
                const IbNode& peer = topo_.nodes[it->second];
                auto back = peer.ports.find(p.peer_port);
                if (back == peer.ports.end() || back->second.peer_id != self.id || back->second.peer_port != port)
                    throw InputError(where,
                                     "\"" + self.id + "\"[" + std::to_string(port) + "] -> \"" + peer.id + "\"[" +
                                         std::to_string(p.peer_port) + "] does not point back",
                                     "list both ends of every cable consistently");
                p.peer = it->second;
            }
    }

    TextLines in_;
    IbTopology topo_;
    std::unordered_map<std::string, int> index_;
    std::uint64_t pending_guid_ = 0;
};

}  // namespace

IbTopology read_ibnetdiscover(const std::string& path) { return Reader(path).read(); }

}  // namespace liquid
