# Shared by the scripts in scripts/ (sourced, not run).
# Sets `root`, and defines `locate_module NAME`, timing functions and portable stand-ins for the
# GNU/Linux-only tools the scripts use, so they run on macOS too (bash 3.2 and BSD tools) or stop
# with a message naming the missing tool.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Prints "PACKAGE_DIR KIND TESTS" for module NAME (see `graph-checker locate`); on an unknown
# name prints the checker's message (with the closest names) and exits 2.
locate_module() { graph_query locate "$1"; }

# Writes the scratch package that builds module NAME alone (see `graph-checker isolate`) and
# prints "SCRATCH_DIR KIND TESTS"; on an unknown name prints the closest names and exits 2.
# Loading the graph reads every source file, so it grows with the repository: the answer is kept
# in SCRATCH_DIR/isolated.txt and reused while no manifest and no rules file is newer than it (the
# scratch package changes only with them; its folders are links, so new files show up anyway).
isolate_module() {
  local stamp out
  for stamp in "$root"/Packages/*/.build/isolated/"$1"/isolated.txt "$root"/Apps/.build/isolated/"$1"/isolated.txt \
    "$root"/scripts/*/.build/isolated/"$1"/isolated.txt; do
    [[ -f "$stamp" ]] || continue
    if [[ -z "$(find "$root/Packages" "$root/Apps" "$root/scripts" -name .build -prune -o \
      \( -name Package.swift -o -name graph-rules.json \) -newer "$stamp" -print -quit 2>/dev/null)" ]]; then
      cat "$stamp"
      return
    fi
  done
  out="$(graph_query isolate "$1")" || exit 2
  echo "$out" >"${out%% *}/isolated.txt"
  echo "$out"
}

# Runs `check-graph COMMAND NAME` and prints its answer; its messages ("building the graph
# checker", or the closest names to an unknown one) go straight to stderr as they come, and a
# failure exits 2.
graph_query() {
  local out
  out="$("$root/scripts/check-graph" "$1" "$2")" || exit 2
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

# Stops with a message naming TOOL when it is not installed.
require_tool() { # TOOL [WHY]
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "$(basename "$0"): '$1' is not installed${2:+ ($2)}; install it and run again" >&2
  exit 127
}

# Nanoseconds since the epoch: bash 5's EPOCHREALTIME, GNU date's %N, else perl (macOS ships
# bash 3.2 and a BSD date without %N).
now() {
  if [[ -n "${EPOCHREALTIME:-}" ]]; then
    local t="${EPOCHREALTIME/[.,]/}"
    echo "${t}000"
    return
  fi
  local t
  t="$(date +%s%N)"
  if [[ "$t" =~ ^[0-9]+$ ]]; then echo "$t"; return; fi
  require_tool perl "for sub-second timing: no bash 5 and no GNU date"
  perl -MTime::HiRes=time -e 'printf "%.0f\n", time() * 1e9'
}

# The number of CPU cores (GNU nproc, else macOS sysctl).
cores() {
  if command -v nproc >/dev/null 2>&1; then nproc
  elif command -v sysctl >/dev/null 2>&1; then sysctl -n hw.ncpu
  else getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?"; fi
}

# The 1, 5 and 15 minute load averages (/proc on Linux, sysctl on macOS).
load_average() {
  if [[ -r /proc/loadavg ]]; then cut -d' ' -f1-3 /proc/loadavg
  elif command -v sysctl >/dev/null 2>&1; then sysctl -n vm.loadavg | tr -d '{}' | awk '{ print $1, $2, $3 }'
  else echo "?"; fi
}

# GNU coreutils' `timeout SECONDS COMMAND…` is missing on macOS: use Homebrew's gtimeout, else a
# perl alarm (exit 124 on time-out, as GNU timeout does).
if ! command -v timeout >/dev/null 2>&1; then
  timeout() {
    if command -v gtimeout >/dev/null 2>&1; then gtimeout "$@"; return; fi
    require_tool perl "to stand in for GNU timeout"
    local seconds="$1"; shift
    perl -e 'my $s = shift; my $pid = fork // die "fork: $!";
      if ($pid == 0) { exec @ARGV or die "exec $ARGV[0]: $!" }
      local $SIG{ALRM} = sub { kill "TERM", $pid; sleep 1; kill "KILL", $pid; exit 124 };
      alarm $s; waitpid $pid, 0; exit($? & 127 ? 128 + ($? & 127) : $? >> 8)' "$seconds" "$@"
  }
fi

# Seconds elapsed since a `now` value, with one decimal.
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f", (e - s) / 1e9 }'; }

# Copies the working tree's tracked and untracked (not ignored) files into DEST: no .build folders,
# nobody's build or edits touched.
copy_working_tree() {
  mkdir -p "$1"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -C "$1" -xf -
}
