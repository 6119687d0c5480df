# Shared by the scripts in scripts/ (sourced, not run).
# Sets `root`, and defines `locate_module NAME` and timing helpers.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Prints "PACKAGE_DIR KIND TESTS" for module NAME (see `graph-checker locate`); on an unknown
# name prints the checker's message (with the closest names) and exits 2.
locate_module() {
  local out
  if ! out="$("$root/scripts/check-graph" locate "$1" 2>&1)"; then
    echo "$(basename "$0"): ${out#graph-checker: }" >&2
    exit 2
  fi
  echo "$out"
}

# Prints --disable-build-manifest-caching when package DIR's cached build plan may be stale.
#
# SwiftPM reuses a package's build plan (.build/debug.yaml) until that package's own manifest
# changes, so a file added to, removed from or renamed in a package it depends on goes unseen:
# the build fails on a missing declaration, or links objects compiled against the old code.
# A folder's time changes whenever a file in it is added, removed or renamed, so any folder
# (or manifest) newer than the plan means the plan is rebuilt once, for ≈ 0.3 s.
fresh_plan_flag() {
  local plan="$1/.build/debug.yaml"
  [[ -f "$plan" ]] || return 0
  if [[ -n "$(find "$root/Packages" "$root/Apps" "$root/scripts" -name .build -prune -o \
    \( -type d -o -name Package.swift \) -newer "$plan" -print -quit 2>/dev/null)" ]]; then
    echo --disable-build-manifest-caching
  fi
}

now() { date +%s%N; }

# Seconds elapsed since a `now` value, with one decimal.
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f", (e - s) / 1e9 }'; }

# Copies the working tree's tracked and untracked (not ignored) files into DEST: no .build folders,
# nobody's build or edits touched.
copy_working_tree() {
  mkdir -p "$1"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -C "$1" -xf -
}
