#pragma once
// Text that came from outside (file names, file contents) may not be UTF-8. JSON output
// and terminal messages need valid UTF-8, so such text passes through one rule: valid
// UTF-8 is kept, every other byte and every control character is shown as \xNN.
#include <string>
#include <string_view>

namespace liquid {

/// True if `text` is valid UTF-8 (no overlong forms, surrogates or code points > U+10FFFF).
bool is_utf8(std::string_view text);

/// `text` with each byte that is not part of a valid UTF-8 character, and each control
/// character except tab and newline, replaced by \xNN. The result is valid UTF-8.
std::string printable_text(std::string_view text);

}  // namespace liquid
