#include "io/xml_reader.hpp"

#include "io/input_file.hpp"
#include "io/text_input.hpp"
#include "liquid/base/error.hpp"

namespace liquid::io {

namespace {

constexpr int kMaxDepth = 64;

class Parser {
public:
    Parser(std::string text, std::string path) : s_(std::move(text)), path_(std::move(path)) {}

    XmlElement document() {
        skip_misc();
        if (at_end()) fail("the file holds no XML element", "give a GraphML document");
        XmlElement root = element(0);
        skip_misc();
        if (!at_end()) fail("text after the root element", "a document has one root element");
        return root;
    }

private:
    bool at_end() const { return i_ >= s_.size(); }
    bool looking_at(const char* p) const { return s_.compare(i_, std::char_traits<char>::length(p), p) == 0; }
    [[noreturn]] void fail(const std::string& problem, const std::string& fix) const {
        int line = 1;
        for (std::size_t k = 0; k < i_ && k < s_.size(); ++k) line += s_[k] == '\n';
        throw InputError(path_ + ":" + std::to_string(line), "invalid XML: " + problem, fix);
    }
    int line_here() {  // incremental: elements are visited in file order
        for (; line_scan_ < i_ && line_scan_ < s_.size(); ++line_scan_) line_ += s_[line_scan_] == '\n';
        return line_;
    }
    void advance(std::size_t n) { i_ = std::min(s_.size(), i_ + n); }
    void skip_space() {
        while (!at_end() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    void skip_past(const char* end, const char* what) {
        auto j = s_.find(end, i_);
        if (j == std::string::npos) fail(std::string("unterminated ") + what, "close it");
        i_ = j + std::char_traits<char>::length(end);
    }
    /// Comments, processing instructions, DOCTYPE and whitespace between elements.
    void skip_misc() {
        for (;;) {
            skip_space();
            if (looking_at("<?")) skip_past("?>", "processing instruction");
            else if (looking_at("<!--")) skip_past("-->", "comment");
            else if (looking_at("<!DOCTYPE")) skip_past(">", "DOCTYPE");
            else return;
        }
    }

    std::string name() {
        std::size_t b = i_;
        while (!at_end() && !std::isspace(static_cast<unsigned char>(s_[i_])) && s_[i_] != '>' && s_[i_] != '/' && s_[i_] != '=')
            ++i_;
        if (i_ == b) fail("a name is missing", "write <name ...>");
        return s_.substr(b, i_ - b);
    }

    static std::string local(const std::string& qualified) {
        auto colon = qualified.find(':');
        return colon == std::string::npos ? qualified : qualified.substr(colon + 1);
    }

    std::string decode(const std::string& raw) const {
        std::string out;
        for (std::size_t k = 0; k < raw.size(); ++k) {
            if (raw[k] != '&') {
                out += raw[k];
                continue;
            }
            auto semi = raw.find(';', k);
            if (semi == std::string::npos) fail("'&' without ';'", "write &amp; for a literal ampersand");
            std::string ent = raw.substr(k + 1, semi - k - 1);
            k = semi;
            if (ent == "lt") out += '<';
            else if (ent == "gt") out += '>';
            else if (ent == "amp") out += '&';
            else if (ent == "quot") out += '"';
            else if (ent == "apos") out += '\'';
            else if (!ent.empty() && ent[0] == '#') {
                std::uint64_t code = 0;
                bool hex = ent.size() > 1 && (ent[1] == 'x' || ent[1] == 'X');
                if (!parse_uint(std::string_view(ent).substr(hex ? 2 : 1), code, 0x10FFFF, hex ? 16 : 10))
                    fail("bad character reference &" + ent + ";", "use &#N; or &#xH;");
                out += code < 0x80 ? static_cast<char>(code) : '?';  // names only need ASCII
            } else {
                fail("unknown entity &" + ent + ";", "use &lt; &gt; &amp; &quot; &apos;");
            }
        }
        return out;
    }

    XmlElement element(int depth) {
        if (depth > kMaxDepth) fail("elements nest deeper than " + std::to_string(kMaxDepth), "GraphML needs a few levels only");
        if (!looking_at("<")) fail("expected '<'", "start an element");
        XmlElement e;
        e.line = line_here();
        advance(1);
        const std::string qname = name();
        e.name = local(qname);
        for (;;) {
            skip_space();
            if (at_end()) fail("unterminated tag <" + qname, "close it with '>'");
            if (looking_at("/>")) {
                advance(2);
                return e;
            }
            if (s_[i_] == '>') {
                advance(1);
                break;
            }
            std::string key = name();
            skip_space();
            if (at_end() || s_[i_] != '=') fail("attribute '" + key + "' has no value", "write key=\"value\"");
            advance(1);
            skip_space();
            if (at_end() || (s_[i_] != '"' && s_[i_] != '\''))
                fail("attribute '" + key + "' is not quoted", "quote attribute values");
            char q = s_[i_];
            auto end = s_.find(q, i_ + 1);
            if (end == std::string::npos) fail("unterminated value of '" + key + "'", "close the quotes");
            e.attributes[local(key)] = decode(s_.substr(i_ + 1, end - i_ - 1));
            i_ = end + 1;
        }
        for (;;) {
            if (at_end()) fail("element <" + qname + "> is not closed", "add </" + qname + ">");
            if (looking_at("</")) {
                advance(2);
                std::string closing = name();
                skip_space();
                if (closing != qname) fail("</" + closing + "> closes <" + qname + ">", "match every closing tag");
                if (at_end() || s_[i_] != '>') fail("unterminated closing tag", "end it with '>'");
                advance(1);
                return e;
            }
            if (looking_at("<!--")) {
                skip_past("-->", "comment");
                continue;
            }
            if (looking_at("<?")) {
                skip_past("?>", "processing instruction");
                continue;
            }
            if (looking_at("<![CDATA[")) {
                auto j = s_.find("]]>", i_);
                if (j == std::string::npos) fail("unterminated CDATA", "close it with ]]>");
                e.text += s_.substr(i_ + 9, j - i_ - 9);
                i_ = j + 3;
                continue;
            }
            if (s_[i_] == '<') {
                e.children.push_back(element(depth + 1));
                continue;
            }
            auto j = s_.find('<', i_);
            if (j == std::string::npos) j = s_.size();
            e.text += decode(s_.substr(i_, j - i_));
            i_ = j;
        }
    }

    std::string s_, path_;
    std::size_t i_ = 0;
    std::size_t line_scan_ = 0;
    int line_ = 1;
};

}  // namespace

XmlElement read_xml_file(const std::string& path) { return Parser(read_input_file(path), path).document(); }

}  // namespace liquid::io
