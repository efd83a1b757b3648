#pragma once
// Printing a command's result: the library's owner of each result kind builds its
// ResultView (liquid/results/), the command renders it.
#include "liquid/results/result_view.hpp"

namespace liquid::app {

using results::ResultView;
using results::views_of;

/// Prints the view: one indented JSON object on stdout with `json`, its text otherwise.
void render(const ResultView& view, bool json);
/// The same for a view built for this output only: its JSON values are moved, not copied.
void render(ResultView&& view, bool json);

}  // namespace liquid::app
