# Sourced by the benchmarks: measure LABEL OUTFILE CMD... runs CMD under
# /usr/bin/time -v with stdout to OUTFILE and records wall time, CPU time and
# peak RSS in the shell variables WALL_<label>, CPU_<label>, RSS_<label>.
measure() {
  local label=$1 outfile=$2; shift 2
  local stats; stats=$(mktemp)
  /usr/bin/time -v -o "$stats" "$@" >"$outfile" 2>/dev/null || true
  local wall user sys rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
    n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$stats")
  user=$(awk -F': ' '/User time/ {print $2}' "$stats")
  sys=$(awk -F': ' '/System time/ {print $2}' "$stats")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$stats")
  rm -f "$stats"
  printf -v "WALL_$label" '%s' "$wall"
  printf -v "CPU_$label" '%s' "$(echo "$user + $sys" | bc -l)"
  printf -v "RSS_$label" '%s' "$rss"
}

# install_compared_tools: what the benchmarks run beside ampcheck (rg, bc,
# GNU time from Debian; the pinned ast-grep from bench/tools), installed when
# missing; sets astgrep to the ast-grep binary. Run from the repository root.
install_compared_tools() {
  local need=()
  command -v rg >/dev/null || need+=(ripgrep)
  command -v bc >/dev/null || need+=(bc)
  [ -x /usr/bin/time ] || need+=(time)
  if [ ${#need[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  astgrep=bench/tools/node_modules/@ast-grep/cli-linux-x64-gnu/ast-grep
  if [ ! -x "$astgrep" ]; then
    # npm ci rejects the lock file's platform packages; install honours it.
    (cd bench/tools && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  fi
}

# row LABEL DESCRIPTION SITES
row() {
  local w="WALL_$1" c="CPU_$1" r="RSS_$1"
  printf '%-34s %9.2f %9.2f %10.1f %8s\n' "$2" "${!w}" "${!c}" "$(echo "${!r} / 1024" | bc -l)" "$3"
}

ratio() { echo "scale=2; $1 / $2" | bc -l; }

# median VALUES...: the middle one (the lower of the two middle ones of an
# even count).
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }

# measure3 LABEL OUTFILE CMD...: measure run REPEAT times (default 3); each of
# WALL_, CPU_, RSS_<label> is the median of its runs, which damps a busy
# neighbour on a shared machine.
measure3() {
  local label=$1 outfile=$2; shift 2
  local n=${REPEAT:-3} i walls=() cpus=() rsss=()
  for ((i = 0; i < n; i++)); do
    measure "_m3" "$outfile" "$@"
    walls+=("$WALL__m3"); cpus+=("$CPU__m3"); rsss+=("$RSS__m3")
  done
  printf -v "WALL_$label" '%s' "$(median "${walls[@]}")"
  printf -v "CPU_$label" '%s' "$(median "${cpus[@]}")"
  printf -v "RSS_$label" '%s' "$(median "${rsss[@]}")"
}
