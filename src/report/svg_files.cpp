// Standalone SVG files of a page's figures (see svg_files.hpp).
#include "liquid/report/svg_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/io/output_file.hpp"
#include "report/embedded_scripts.hpp"

namespace liquid::report {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRenderScript = R"js(
const vm = require('vm'), fs = require('fs'), path = require('path');
vm.runInThisContext(fs.readFileSync(path.join(__dirname, 'vega.js'), 'utf8'));
vm.runInThisContext(fs.readFileSync(path.join(__dirname, 'vega-lite.js'), 'utf8'));
const specs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
(async () => {
  for (const [id, spec] of Object.entries(specs)) {
    const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), {renderer: 'none'});
    fs.writeFileSync(path.join(process.argv[3], id + '.svg'), await view.toSVG());
    view.finalize();
  }
})().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
)js";

void write_text(const fs::path& p, const std::string& text) { write_file_atomically(p.string(), text); }

std::string quoted(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

bool node_available() { return std::system("command -v node >/dev/null 2>&1") == 0; }

/// Renders the Vega-Lite specs into `dir` with node; the scratch files go away afterwards.
void render_charts(const nlohmann::json& specs, const fs::path& dir) {
    const fs::path work = dir / (".liquid-render-" + std::to_string(::getpid()));
    fs::create_directories(work);
    write_text(work / "vega.js", embedded_script("vega"));
    write_text(work / "vega-lite.js", embedded_script("vega-lite"));
    write_text(work / "render.js", kRenderScript);
    write_text(work / "specs.json", json_text(specs));
    const std::string cmd = "node " + quoted((work / "render.js").string()) + " " + quoted((work / "specs.json").string()) + " " +
                            quoted(dir.string()) + " 2>" + quoted((work / "error.txt").string());
    const int rc = std::system(cmd.c_str());
    std::ifstream err(work / "error.txt");
    std::stringstream message;
    message << err.rdbuf();
    std::error_code ec;
    fs::remove_all(work, ec);
    if (rc != 0) throw std::runtime_error("rendering the charts with node failed: " + message.str());
}

}  // namespace

void prepare_svg_dir(const Page& page, const std::string& dir_name) {
    bool charts = false;
    for (const Figure* f : all_figures(page)) charts = charts || f->is_chart();
    const fs::path dir(dir_name);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw InputError("--svg-dir " + dir_name, "cannot create the directory", "give a writable directory");
    // A file created and removed, not access(): root passes access() on a read-only mount.
    const fs::path probe = dir / (".liquid-probe-" + std::to_string(::getpid()));
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        throw InputError("--svg-dir " + dir_name, std::string("the directory is not writable: ") + std::strerror(errno),
                         "give a writable directory");
    ::close(fd);
    ::unlink(probe.c_str());
    if (charts && !node_available())
        throw InputError("--svg-dir", "Node.js (`node`) is needed to render the Vega-Lite charts as SVG and is not on PATH",
                         "install nodejs (scripts/install-deps.sh does)");
}

std::vector<std::string> write_svg_files(const Page& page, const std::string& dir_name) {
    const fs::path dir(dir_name);
    prepare_svg_dir(page, dir_name);
    nlohmann::json specs = nlohmann::json::object();
    std::vector<std::string> written;
    for (const Figure* f : all_figures(page)) {
        const fs::path p = dir / (f->id + ".svg");
        if (f->is_chart()) specs[f->id] = f->vega_lite;
        else write_text(p, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + f->svg + "\n");
        written.push_back(p.string());
    }
    if (!specs.empty()) render_charts(specs, dir);
    return written;
}

}  // namespace liquid::report
