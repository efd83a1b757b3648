#pragma once
// Every JSON document liquid writes goes through json_text(): strings that are not valid
// UTF-8 (a file name such as a\xff.traffic) are written by the rule of utf8.hpp (the bad
// byte as the four characters \xNN) instead of failing the whole output.
#include <nlohmann/json.hpp>
#include <string>

namespace liquid {

/// `j` serialised like nlohmann::json::dump(indent), with every string (member names
/// included) that is not valid UTF-8 passed through printable_text(). Long texts poll
/// throw_if_stopped() (stop.hpp) as they grow: SIGINT or SIGTERM ends them. The time budget
/// does not: a result that exists is written whole.
std::string json_text(const nlohmann::json& j, int indent = -1);

}  // namespace liquid
