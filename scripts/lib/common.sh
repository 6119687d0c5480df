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

now() { date +%s%N; }

# Seconds elapsed since a `now` value, with one decimal.
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f", (e - s) / 1e9 }'; }

# Copies the working tree's tracked and untracked (not ignored) files into DEST: no .build folders,
# nobody's build or edits touched.
copy_working_tree() {
  mkdir -p "$1"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -C "$1" -xf -
}
