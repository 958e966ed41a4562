#!/usr/bin/env bash
# Whole-process benchmark: wall time and peak memory of umpire's `roll` and
# `odds` against Debian's rolldice (the peer) and `true` (the floor), all in
# the same run so machine noise hits every command alike.
#
# Usage: bash tests/bench.sh
#   BENCH_RUNS=N      timed runs per command (default 300; may only lower it)
#   BENCH_MEM_RUNS=N  /usr/bin/time runs per command for peak RSS (default 20)
#
# Two builds are timed: the plain `cargo build --release` binary, which the budgets are for
# (position-independent, the C library shared), and the same code linked statically (as the README's install section builds it; in a small virtual
# machine, loading shared libraries is a fifth of a roll), shown for comparison.
# A first run, before the parsed-table cache exists (its key included), is timed apart.
# CARGO_TARGET_DIR is honoured.
#
# Budgets, on the plain release binary (exit 1 if any fails):
#   A  (roll) median <= 1.5 x rolldice median
#   B  (odds) median <= 2   x rolldice median
#   A0 (roll, first run, no cache) median <= 3 x rolldice median
#   A, B and A0 peak RSS < 10 MiB
#   G1 (a roll on a big game) < 3 x the same roll on a new game, peak RSS < 10 MiB
#   odds against icepool (where Python has icepool): the same fractions in every case, each
#   umpire odds process <= 10 ms and < 20 MiB
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
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet
# For comparison: the same code, with the C library linked in.
cargo rustc --release --quiet --bin umpire --target-dir "$target/static" -- \
  -C target-feature=+crt-static -C relocation-model=static

# --- environment ------------------------------------------------------------
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# A private data dir and no user overrides, so every run does the same work.
export UMPIRE_DATA_DIR="$tmp/data"
mkdir -p "$UMPIRE_DATA_DIR"
unset UMPIRE_SEED UMPIRE_RULES UMPIRE_TABLES

bin="$target/release/umpire"
static="$target/static/release/umpire"
args="shoot troop=line weapon=rifle range=20 cover=half wound=light initial-shot target=militia"
labels=(A B As Bs C D)
names=("umpire roll" "umpire odds" "roll (static)" "odds (static)" "rolldice 2d6" "true")
cmds=(
  "$bin roll $args --seed 7"
  "$bin odds $args"
  "$static roll $args --seed 7"
  "$static odds $args"
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
# In rounds: hyperfine times one command after another, and a shared machine drifts over a
# minute (rolldice alone was seen at 0.82 and 1.07 ms in one afternoon). Each round times every
# command within seconds; a ratio is the median of the rounds' ratios, so a slow spell weighs
# on both sides of it.
readonly ROUNDS=5
per_round=$((runs / ROUNDS))
if ((per_round < 10)); then per_round=10; fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "bench: needs python3 to combine the rounds" >&2
  exit 2
fi
# timed NAME PEER_AT [HYPERFINE OPTIONS...] -- COMMANDS...: prints, per command, the median of
# all its runs in ms and its median ratio to the command at PEER_AT over the rounds.
timed() {
  local name=$1 peer=$2 k
  shift 2
  local opts=()
  while [[ $1 != -- ]]; do
    opts+=("$1")
    shift
  done
  shift
  for ((k = 0; k < ROUNDS; k++)); do
    hyperfine -N --warmup 5 --runs "$per_round" --style none "${opts[@]}" \
      --export-json "$tmp/$name$k.json" "$@" >/dev/null
  done
  python3 - "$peer" "$tmp/$name"[0-9]*.json <<'PY'
import json, statistics, sys
peer = int(sys.argv[1])
rounds = [json.load(open(f))["results"] for f in sys.argv[2:]]
for i in range(len(rounds[0])):
    times = [t for r in rounds for t in r[i]["times"]]
    ratio = statistics.median(r[i]["median"] / r[peer]["median"] for r in rounds)
    print("%.3f %.2f" % (statistics.median(times) * 1000, ratio))
PY
}
echo "bench: timing ${#cmds[@]} commands, $ROUNDS rounds of $per_round runs each..." >&2
mapfile -t combined < <(timed warm "$peer_at" -- "${cmds[@]}")

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
if ((${#combined[@]} != ${#cmds[@]})); then
  echo "bench: expected ${#cmds[@]} results from hyperfine, got ${#combined[@]}" >&2
  exit 2
fi
medians=() ratios=()
for line in "${combined[@]}"; do
  medians+=("${line%% *}")
  ratios+=("${line##* }")
done

# A first run: the cache of parsed tables is emptied before each timed run (and before
# rolldice's, which does not care).
echo "bench: timing a first run (no cache), $ROUNDS rounds of $per_round runs each..." >&2
cold_cmds=("${cmds[0]}" "${cmds[2]}" "rolldice 2d6")
mapfile -t cold < <(timed cold 2 --prepare "rm -rf $UMPIRE_DATA_DIR/cache" -- "${cold_cmds[@]}")
if ((${#cold[@]} != 3)); then
  echo "bench: expected 3 results from the first-run timing, got ${#cold[@]}" >&2
  exit 2
fi

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
# A first run's peak: the table parsed from YAML, then written to the cache.
peak_cold() {
  local c=$1 max=0 kib i argv
  read -ra argv <<<"$c"
  for ((i = 0; i < mem_runs; i++)); do
    rm -rf "$UMPIRE_DATA_DIR/cache"
    /usr/bin/time -f %M -o "$tmp/rss" "${argv[@]}" >/dev/null 2>&1
    kib=$(tail -n 1 "$tmp/rss")
    if ((kib > max)); then max=$kib; fi
  done
  awk -v k="$max" 'BEGIN { printf "%.2f", k / 1024 }'
}
cold_peaks=("$(peak_cold "${cold_cmds[0]}")" "$(peak_cold "${cold_cmds[1]}")")

# --- growth -----------------------------------------------------------------
# A figure-aware shot on a game of 500 figures and 20,000 logged events, against the same
# shot on a new game of 3 figures. Each timed run starts from a fresh copy of the game,
# flushed to disk first so that no earlier copy's writes are charged to the shot.
echo "bench: growth, $runs runs each..." >&2
if ! command -v python3 >/dev/null 2>&1; then
  echo "bench: the growth benchmark needs python3 to write its big game" >&2
  exit 2
fi
big="$tmp/big" small="$tmp/small"
python3 - "$big/pristine" 500 20000 <<'PY'
import json, os, sys
data, n_figs, n_events = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = os.path.join(data, "games", "big")
os.makedirs(game)
troops = ["regulars", "lights", "grenadiers", "marine", "rangers", "scots", "indians",
          "militia", "frontiersmen", "coureurs"]
marks = [[], [], [], ["pinned"], ["light-wound"], ["prone"], ["severe-wound", "pinned"], []]
units, figures = [], []
for u in range(n_figs // 10):
    code = "U" + chr(65 + u % 26) + chr(65 + u // 26 % 26)
    name = "unit-%d" % u
    units.append({"name": name, "side": ["british", "french"][u % 2], "code": code,
                  "fields": {"troop": troops[u % len(troops)], "weapon": "musket"}})
    for i in range(1, 11):
        fig = {"code": "%s%d" % (code, i), "unit": name}
        if marks[(u * 10 + i) % len(marks)]:
            fig["markers"] = marks[(u * 10 + i) % len(marks)]
        figures.append(fig)
log = []
for i in range(1, n_events + 1):
    f = figures[i % len(figures)]
    before = {"code": f["code"], "unit": f["unit"]}
    after = dict(before, markers=["prone"])
    log.append(json.dumps({"id": i, "turn": 1 + i // 200, "command": "mark %s +prone" % f["code"],
                           "summary": "%s: +prone" % f["code"],
                           "changes": [{"what": "figure", "code": f["code"], "before": before,
                                        "after": after, "at": i % len(figures)}]},
                          separators=(",", ":")) + "\n")
text = "".join(log)
with open(os.path.join(game, "log.jsonl"), "w") as out:
    out.write(text)
open(os.path.join(game, "lock"), "w").close()
state = {"format": 1, "name": "big", "ruleset": "la-petite-guerre", "seq": n_events,
         "log-len": len(text.encode()), "turn": {"number": 1 + n_events // 200},
         "units": units, "figures": figures}
# The layout umpire writes: a key per line, a unit or figure per line.
def line(v):
    return json.dumps(v, separators=(",", ":"))
rows = []
for k, v in state.items():
    if isinstance(v, list) and v:
        rows.append('  "%s": [\n%s\n  ]' % (k, ",\n".join("    " + line(x) for x in v)))
    else:
        rows.append('  "%s": %s' % (k, line(v)))
with open(os.path.join(game, "game.json"), "w") as out:
    out.write("{\n" + ",\n".join(rows) + "\n}\n")
with open(os.path.join(data, "current"), "w") as out:
    out.write("big\n")
PY
(
  export UMPIRE_DATA_DIR="$small/pristine"
  "$bin" game new big >/dev/null
  "$bin" unit add a troop=regulars --side british --figures 1 --code UAA >/dev/null
  "$bin" unit add b troop=militia --side french --figures 2 --code UBA >/dev/null
)
# Both games find the parsed tables in the cache, so that neither timing parses YAML.
UMPIRE_DATA_DIR="$big/pristine" "$bin" rules >/dev/null
# The big game stands in turn 101 with no bead drawn, where a shot is out of the sequence of
# play: the umpire's ruling (`--anyway`) lets the same shot be made on both games.
shot="--seed 3 roll shoot --firer UAA1 --target UBA2 --anyway bench"
grow_cmds=()
for g in "$small" "$big"; do
  cp -r "$g/pristine" "$g/work"
  # The fixture must be a game this umpire reads, or the timing means nothing.
  if ! UMPIRE_DATA_DIR="$g/work" "$bin" $shot >/dev/null 2>"$tmp/err"; then
    echo "bench: the growth game in $g does not work:" >&2
    cat "$tmp/err" >&2
    exit 2
  fi
  grow_cmds+=("env UMPIRE_DATA_DIR=$g/work $bin $shot")
done
for i in 0 1; do
  g=$([[ $i == 0 ]] && echo "$small" || echo "$big")
  hyperfine -N --warmup "$warmup" --runs "$runs" --style none \
    --prepare "sh -c 'rm -rf $g/work && cp -r $g/pristine $g/work && sync'" \
    --export-json "$tmp/grow$i.json" "${grow_cmds[i]}" >/dev/null
done
grow=("$(medians_of "$tmp/grow0.json")" "$(medians_of "$tmp/grow1.json")")
rm -rf "$big/work" && cp -r "$big/pristine" "$big/work"
grow_peak=$(peak_mib "${grow_cmds[1]}")

# --- report -----------------------------------------------------------------
peer=${medians[peer_at]}
ratio() { awk -v a="$1" -v b="${2:-$peer}" 'BEGIN { printf "%.2f", a / b }'; }

printf '\n%-3s %-16s %10s %12s %9s\n' "" command "median ms" "x rolldice" "peak MiB"
# (x rolldice: the median over the rounds of each round's ratio)
for i in "${!cmds[@]}"; do
  printf '%-3s %-16s %10.3f %12s %9s\n' \
    "${labels[i]}" "${names[i]}" "${medians[i]}" "${ratios[i]}" "${peaks[i]}"
done
for i in 0 1; do
  printf '%-3s %-16s %10.3f %12s %9s\n' \
    "$([[ $i == 0 ]] && echo A0 || echo A0s)" \
    "$([[ $i == 0 ]] && echo "roll, first run" || echo "first (static)")" \
    "${cold[i]%% *}" "${cold[i]##* }" "${cold_peaks[i]}"
done
printf '    (first runs: the cache emptied before each; rolldice %.3f ms in that timing)\n' \
  "${cold[2]%% *}"
printf '\n%-3s %-30s %10s %12s %9s\n' "" "figure-aware roll shoot" "median ms" "x new game" "peak MiB"
printf '%-3s %-30s %10.3f %12s\n' G0 "new game (3 figures)" "${grow[0]}" "1.00"
printf '%-3s %-30s %10.3f %12s %9s\n' G1 "500 figures, 20,000 events" "${grow[1]}" \
  "$(ratio "${grow[1]}" "${grow[0]}")" "$grow_peak"
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
check "A roll median (x rolldice)" "${ratios[0]}" "<=" 1.5
check "B odds median (x rolldice)" "${ratios[1]}" "<=" 2
check "A0 first run median (x rolldice)" "${cold[0]##* }" "<=" 3
check "A roll peak memory (MiB)" "${peaks[0]}" "<" 10
check "B odds peak memory (MiB)" "${peaks[1]}" "<" 10
check "A0 first run peak memory (MiB)" "${cold_peaks[0]}" "<" 10
check "G1 big game (x new game)" "$(ratio "${grow[1]}" "${grow[0]}")" "<" 3
check "G1 big game peak memory (MiB)" "$grow_peak" "<" 10

# --- odds against icepool -----------------------------------------------------
# The same distributions worked out by umpire and by icepool (the Python library of dice
# probabilities): the fractions compared outcome by outcome, the times as ratios measured in
# this run (tests/bench/odds.py says what is timed). Optional: skipped, and said, where
# Python or icepool is missing (`pip install icepool`).
echo
if command -v python3 >/dev/null 2>&1 && python3 -c 'import icepool' 2>/dev/null; then
  echo "bench: odds against icepool..." >&2
  python3 tests/bench/odds.py "$bin" "$((runs < 30 ? runs : 30))" || fail=1
else
  echo "odds against icepool: skipped (no Python with icepool; pip install icepool)"
fi

exit "$fail"
