#pragma once
// Validators for numeric command-line options: every number a user types is finite and in
// range, and the error names the option (CLI11 prefixes the option name; exit code 2).
// CLI11 alone would accept "nan", "inf" and, for unsigned options, wrap "-1" to 2^64-1.
#include <CLI/CLI.hpp>
#include <string>

namespace liquid::app {

/// A finite number in [lo, hi] (`lo_open`: > lo instead of >= lo).
CLI::Validator finite_number(double lo, double hi, bool lo_open);
/// Seconds: a finite number > 0 (at most a year).
CLI::Validator positive_seconds();
/// Seconds: a finite number >= 0 (at most a year).
CLI::Validator non_negative_seconds();
/// Bytes or bytes per second: a finite number > 0 and at most 1e15.
CLI::Validator positive_amount();
/// A whole number in [lo, hi], written with digits only (an optional leading '-' when lo < 0).
CLI::Validator whole_number(long long lo, long long hi);

/// A non-empty value (an empty file name or network spec is a mistake, not "the default").
CLI::Validator non_empty();

/// Largest message size and link rate accepted (1 PB, 1 PB/s): keeps simulated times finite.
inline constexpr double kMaxAmount = 1e15;

}  // namespace liquid::app
