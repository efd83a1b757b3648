#!/usr/bin/env bash
# Runs clang-tidy (checks in .clang-tidy) on the library sources src/**/*.cpp, using the
# compile_commands.json of a configured build. Fails on any finding.
#   scripts/run-clang-tidy.sh [BUILD_DIR] [JOBS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
jobs=${2:-$(nproc)}
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [ -z "$tidy" ]; then
  echo "run-clang-tidy.sh: clang-tidy not found (scripts/install-deps.sh installs it)" >&2
  exit 2
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "run-clang-tidy.sh: $build/compile_commands.json missing (configure the build first)" >&2
  exit 2
fi
cd "$root"
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
# One clang-tidy per file, JOBS at a time; each file's output goes to its own log so the
# findings print unmixed. (GCC-only warning flags of the build are not errors for clang.)
find src -name '*.cpp' | sort | xargs -P "$jobs" -I{} sh -c \
  '"$0" -p "$1" --quiet --extra-arg=-Wno-unknown-warning-option "$2" > "$3/$(echo "$2" | tr / _).log" 2>&1 || touch "$3/failed"' \
  "$tidy" "$build" {} "$log"
cat "$log"/*.log | grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$' || true
if [ -e "$log/failed" ]; then
  echo "run-clang-tidy.sh: findings above (fix them, or justify dropping the check in .clang-tidy)" >&2
  exit 1
fi
echo "run-clang-tidy.sh: $(find src -name '*.cpp' | wc -l) files clean"
