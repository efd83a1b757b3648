#include "result_view.hpp"

#include <fmt/core.h>

#include "output.hpp"

namespace liquid::app {

void render(const ResultView& view, bool json) {
    if (json) print_json(view.to_json());
    else fmt::print("{}", view.to_text());
}

void render(ResultView&& view, bool json) {
    if (json) print_json(std::move(view).to_json());
    else fmt::print("{}", view.to_text());
}

}  // namespace liquid::app
