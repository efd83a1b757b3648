// Network layouts: the shape is recognised from the topology and the drawing is stable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "liquid/io/network_spec.hpp"
#include "liquid/report/network_drawing.hpp"
#include "liquid/report/network_layout.hpp"

namespace {

using namespace liquid;
using namespace liquid::report;

LayoutKind kind_of(const std::string& spec) { return layout_network(make_network(spec)).kind; }

TEST(NetworkLayout, RecognisesTheShapes) {
    EXPECT_EQ(kind_of("crossbar:6"), LayoutKind::Star);
    EXPECT_EQ(kind_of("chordal-ring:16,4"), LayoutKind::Ring);
    EXPECT_EQ(kind_of("swiss-t1"), LayoutKind::Ring);  // the K-ring: 8 switches, ring plus chords
    EXPECT_EQ(kind_of("torus:4x4"), LayoutKind::Grid);
    EXPECT_EQ(kind_of("mesh:3x5"), LayoutKind::Grid);
    EXPECT_EQ(kind_of("fat-tree:2,3"), LayoutKind::Tree);
    EXPECT_EQ(kind_of("hypercube:3"), LayoutKind::Force);
    EXPECT_EQ(kind_of("two-switch"), LayoutKind::Ring);
}

TEST(NetworkLayout, SwissT1SwitchesOnACircleWithTheirNodesOutside) {
    const Network t1 = make_network("swiss-t1");
    const NetworkLayout L = layout_network(t1);
    const Point c{0.5, 0.5};
    auto radius = [&](int n) { return std::hypot(L.position[n].x - c.x, L.position[n].y - c.y); };
    const std::vector<int> sw = t1.switches();
    ASSERT_EQ(sw.size(), 8U);
    for (int s : sw) EXPECT_NEAR(radius(s), radius(sw[0]), 1e-9);
    for (int h : t1.hosts()) EXPECT_GT(radius(h), radius(sw[0]) + 0.05) << t1.node(h).name;
}

TEST(NetworkLayout, InsideTheUnitSquareAndDeterministic) {
    for (const char* spec : {"hypercube:4", "ccc:3", "fat-tree:4,2", "torus:4x4", "swiss-t1"}) {
        const Network net = make_network(spec);
        const NetworkLayout a = layout_network(net), b = layout_network(net);
        for (std::size_t i = 0; i < a.position.size(); ++i) {
            EXPECT_GE(a.position[i].x, 0.0) << spec;
            EXPECT_LE(a.position[i].x, 1.0) << spec;
            EXPECT_GE(a.position[i].y, 0.0) << spec;
            EXPECT_LE(a.position[i].y, 1.0) << spec;
            EXPECT_EQ(a.position[i].x, b.position[i].x) << spec;
            EXPECT_EQ(a.position[i].y, b.position[i].y) << spec;
        }
    }
}

TEST(NetworkDrawing, OneLinePerDirectedLinkWithItsClass) {
    const Network net = make_network("two-switch");
    std::vector<LinkMark> marks(static_cast<std::size_t>(net.link_count()));
    marks[0].css_class = "bottleneck";
    DrawingOptions o;
    o.link_ids = true;
    const std::string svg = network_svg(net, layout_network(net), marks, o);
    std::size_t lines = 0;
    for (const char* tag : {"<line", "<path"})
        for (auto at = svg.find(tag); at != std::string::npos; at = svg.find(tag, at + 1)) ++lines;
    EXPECT_EQ(lines, static_cast<std::size_t>(net.link_count()));
    EXPECT_NE(svg.find("class=\"bottleneck\" data-l=\"0\""), std::string::npos);
    EXPECT_NE(svg.find("data-layout=\"ring\""), std::string::npos);
    EXPECT_EQ(xml_escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
}

TEST(NetworkDrawing, TorusWrapAroundLinksAreArcs) {
    const Network net = make_network("torus:4x4");
    const std::vector<LinkMark> marks(static_cast<std::size_t>(net.link_count()));
    const std::string svg = network_svg(net, layout_network(net), marks, DrawingOptions{});
    std::size_t arcs = 0;
    for (auto at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) ++arcs;
    EXPECT_EQ(arcs, 16U);  // 4 rows + 4 columns wrap around, both directions
}

}  // namespace
