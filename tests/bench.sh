#!/usr/bin/env bash
# Whole-process benchmark: wall time and peak memory of umpire's `roll` and
# `odds` against Debian's rolldice (the peer) and `true` (the floor), all in
# the same run so machine noise hits every command alike.
#
# Usage: bash tests/bench.sh
#   BENCH_RUNS=N      timed runs per command (default 300; may only lower it)
#   BENCH_MEM_RUNS=N  /usr/bin/time runs per command for peak RSS (default 20)
#
# Two builds are timed: the release binary (linked statically, as the README's install section
# builds it: in a small virtual machine, loading shared libraries is a third of a roll) and the
# plain `cargo build --release` one that `cargo run --release` uses. A last, separate timing
# shows a first run, before the parsed-table cache exists.
#
# Budgets, on the release binary (exit 1 if any fails):
#   A (roll) median <= 1.5 x rolldice median
#   B (odds) median <= 2   x rolldice median
#   A and B peak RSS < 10 MiB
set -euo pipefail

cd "$(dirname "$0")/.."

# Debian installs games (rolldice) outside root's default PATH.
PATH="$PATH:/usr/games"
export PATH

readonly DEFAULT_RUNS=300
readonly WARMUP_MAX=20
runs="${BENCH_RUNS:-$DEFAULT_RUNS}"
mem_runs="${BENCH_MEM_RUNS:-20}"
for n in "$runs" "$mem_runs"; do
  if ! [[ "$n" =~ ^[0-9]+$ ]] || ((n < 2)); then
    echo "bench: BENCH_RUNS and BENCH_MEM_RUNS must be integers >= 2 (got '$n')" >&2
    exit 2
  fi
done
# BENCH_RUNS is meant for quick runs: never raise the count above the default.
if ((runs > DEFAULT_RUNS)); then runs=$DEFAULT_RUNS; fi
warmup=$((runs < WARMUP_MAX ? runs : WARMUP_MAX))

# --- tools ------------------------------------------------------------------
# Install only what is missing, with Debian's packages, without prompts.
missing=()
command -v rolldice >/dev/null 2>&1 || missing+=(rolldice)
command -v hyperfine >/dev/null 2>&1 || missing+=(hyperfine)
[[ -x /usr/bin/time ]] || missing+=(time)
if ((${#missing[@]})); then
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null 2>&1 || {
      echo "bench: need root or sudo to install: ${missing[*]}" >&2
      exit 2
    }
    sudo=(sudo)
  fi
  echo "bench: installing ${missing[*]}" >&2
  # Refresh the package lists once only: a fresh machine may have none.
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if command -v python3 >/dev/null 2>&1; then
  json_tool=python3
elif command -v jq >/dev/null 2>&1; then
  json_tool=jq
else
  echo "bench: need python3 or jq to read hyperfine's JSON" >&2
  exit 2
fi

# --- build ------------------------------------------------------------------
cargo build --release --quiet
# The release binary: the same code, with the C library linked in.
cargo rustc --release --quiet --bin umpire --target-dir target/static -- \
  -C target-feature=+crt-static

# --- environment ------------------------------------------------------------
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# A private data dir and no user overrides, so every run does the same work.
export UMPIRE_DATA_DIR="$tmp/data"
mkdir -p "$UMPIRE_DATA_DIR"
unset UMPIRE_SEED UMPIRE_RULES UMPIRE_TABLES

bin=target/static/release/umpire
dyn=target/release/umpire
args="shoot troop=line weapon=rifle range=20 cover=half wound=light initial-shot target=militia"
labels=(A B A2 B2 C D)
names=("umpire roll" "umpire odds" "roll (dynamic)" "odds (dynamic)" "rolldice 2d6" "true")
cmds=(
  "$bin roll $args --seed 7"
  "$bin odds $args"
  "$dyn roll $args --seed 7"
  "$dyn odds $args"
  "rolldice 2d6"
  "true"
)
peer_at=4

# Fail early with the real error rather than a hyperfine "non-zero exit" one.
for c in "${cmds[@]}"; do
  read -ra argv <<<"$c"
  if ! "${argv[@]}" >/dev/null 2>"$tmp/err"; then
    echo "bench: command failed: $c" >&2
    cat "$tmp/err" >&2
    exit 2
  fi
done

# --- wall time --------------------------------------------------------------
# -N: exec directly, no shell, so we time the process and not /bin/sh.
echo "bench: timing ${#cmds[@]} commands, $runs runs each (warmup $warmup)..." >&2
hyperfine -N --warmup "$warmup" --runs "$runs" --style none \
  --export-json "$tmp/times.json" "${cmds[@]}" >/dev/null

# Medians in milliseconds, one per line, in the order of the commands timed.
medians_of() {
  if [[ $json_tool == python3 ]]; then
    python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("%.3f" % (r["median"] * 1000))
' "$1"
  else
    jq -r '.results[].median * 1000 | tostring' "$1"
  fi
}
mapfile -t medians < <(medians_of "$tmp/times.json")
if ((${#medians[@]} != ${#cmds[@]})); then
  echo "bench: expected ${#cmds[@]} medians in hyperfine's JSON, got ${#medians[@]}" >&2
  exit 2
fi

# A first run: the cache of parsed tables is emptied before each timed run.
echo "bench: timing a first run (no cache), $runs runs..." >&2
hyperfine -N --warmup "$warmup" --runs "$runs" --style none \
  --prepare "rm -rf $UMPIRE_DATA_DIR/cache" \
  --export-json "$tmp/cold.json" "${cmds[0]}" "rolldice 2d6" >/dev/null
mapfile -t cold < <(medians_of "$tmp/cold.json")

# --- peak memory ------------------------------------------------------------
# Max resident set size (GNU time's %M, in KiB) over several runs, in MiB.
peak_mib() {
  local c=$1 max=0 kib i argv
  read -ra argv <<<"$c"
  for ((i = 0; i < mem_runs; i++)); do
    /usr/bin/time -f %M -o "$tmp/rss" "${argv[@]}" >/dev/null 2>&1
    kib=$(tail -n 1 "$tmp/rss")
    if ((kib > max)); then max=$kib; fi
  done
  awk -v k="$max" 'BEGIN { printf "%.2f", k / 1024 }'
}
echo "bench: peak memory, $mem_runs runs each..." >&2
peaks=()
for c in "${cmds[@]}"; do
  peaks+=("$(peak_mib "$c")")
done

# --- report -----------------------------------------------------------------
peer=${medians[peer_at]}
ratio() { awk -v a="$1" -v b="${2:-$peer}" 'BEGIN { printf "%.2f", a / b }'; }

printf '\n%-3s %-16s %10s %12s %9s\n' "" command "median ms" "x rolldice" "peak MiB"
for i in "${!cmds[@]}"; do
  printf '%-3s %-16s %10.3f %12s %9s\n' \
    "${labels[i]}" "${names[i]}" "${medians[i]}" "$(ratio "${medians[i]}")" "${peaks[i]}"
done
printf '%-3s %-16s %10.3f %12s   (rolldice %.3f ms in that timing)\n' \
  A0 "roll, first run" "${cold[0]}" "$(ratio "${cold[0]}" "${cold[1]}")" "${cold[1]}"
echo

fail=0
# check DESCRIPTION VALUE OP LIMIT: prints PASS/FAIL, records failures.
check() {
  local what=$1 value=$2 op=$3 limit=$4
  if awk -v v="$value" -v l="$limit" -v op="$op" \
    'BEGIN { exit !((op == "<=") ? (v <= l) : (v < l)) }'; then
    printf 'PASS  %-36s %8s %s %s\n' "$what" "$value" "$op" "$limit"
  else
    printf 'FAIL  %-36s %8s %s %s\n' "$what" "$value" "$op" "$limit"
    fail=1
  fi
}
check "A roll median (x rolldice)" "$(ratio "${medians[0]}")" "<=" 1.5
check "B odds median (x rolldice)" "$(ratio "${medians[1]}")" "<=" 2
check "A roll peak memory (MiB)" "${peaks[0]}" "<" 10
check "B odds peak memory (MiB)" "${peaks[1]}" "<" 10

exit "$fail"
