#!/usr/bin/env bash
# Installs every build, test and benchmark dependency of liquid from Debian packages.
# The single list below is the one place where dependencies are pinned (by Debian 12 package).
set -euo pipefail

PACKAGES=(
  g++ cmake make pkg-config git
  libcli11-dev          # command-line arguments
  nlohmann-json3-dev    # JSON formats
  libfmt-dev            # formatting
  libgtest-dev libgmock-dev  # unit tests
  libbenchmark-dev      # bench/
  libcadical-dev        # SAT portfolio partner of the exact search
  libopenmpi-dev openmpi-bin  # src/mpi: the executor, libliquid_pmpi.so, mpirun tests and bench/mpi
  libsimgrid-dev        # tools/smpi: the executor under SimGrid's SMPI (smpirun), scripts/smpi-alltoall.sh
  coinor-libcbc-dev libglpk-dev  # MILP peers: --method milp --solver cbc|glpk
  coinor-cbc glpk-utils cadical  # standalone peers that read `liquid export` files (tests, bench/peers)
  python3               # scripts/check-layering.py (the layering test), scripts/ibsim-fabric.py
  ibsim-utils libumad2sim0 opensm infiniband-diags  # simulated InfiniBand fabric for the ibsim round trip
  graphviz              # renders `liquid network --format dot` (DOT export test)
  clang libclang-rt-14-dev  # build-asan: ASan+UBSan tests and libFuzzer harnesses (make test-asan, test-fuzz, fuzz)
  nodejs                # liquid report: npm ci of web/, --svg-dir chart rendering
  chromium              # liquid report's browser test (headless)
  clang-tidy            # scripts/run-clang-tidy.sh (static checks in make test)
  clang-format          # make format-check (.clang-format)
  libbliss-dev libgmp-dev  # traffic symmetry groups (graph automorphisms; bliss uses GMP)
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Debian ships npm as its own package; some nodejs builds carry it already.
command -v npm >/dev/null 2>&1 || dpkg-query -W -f='${Status}' npm 2>/dev/null | grep -q "install ok installed" || missing+=(npm)
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Browser-side libraries inlined into liquid report pages (vega, vega-lite, vega-embed)
# and the browser-test driver (playwright-core, used with Debian's chromium), pinned by
# web/package-lock.json. The build embeds web/node_modules/*/build/*.min.js.
cd "$(dirname "$0")/../web"
if [ -f node_modules/.package-lock.json ] && cmp -s package-lock.json node_modules/.liquid-installed-lock; then
  echo "install-deps: web/node_modules up to date"
else
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.liquid-installed-lock
fi
