#!/usr/bin/env bash
# stop.sh: stop what tests/live/server/start.sh DIR started.
#
# Usage: tests/live/server/stop.sh DIR
#
# Ends only the process ids listed in DIR/pids, never processes found by name, and only those
# whose command line still names DIR (so a pid the system has since given to another program
# is left alone). Last started first (scheduler, apiserver, etcd): SIGTERM, up to 15 s to exit
# (KSV_STOP_TIMEOUT), then SIGKILL. It waits until each is gone, then renames DIR/pids to
# DIR/pids.stopped, so calling it again is safe and does nothing. Logs, audit.log and
# certificates stay in DIR; remove DIR yourself when done.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: stop.sh DIR" >&2; exit 2; }
[ -d "$1" ] || { echo "stop.sh: no folder $1" >&2; exit 1; }
DIR=$(cd "$1" && pwd)
log() { printf '[stop.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

if [ ! -f "$DIR/pids" ]; then
  log "nothing to stop in $DIR (no pids file)"
  exit 0
fi

ours() {  # running (not a zombie) and started by start.sh for this DIR
  [ -d "/proc/$1" ] || return 1
  grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null && return 1
  tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null | grep -qF "$DIR/"
}

mapfile -t pids < <(grep -E '^[0-9]+$' "$DIR/pids" || true)
timeout=${KSV_STOP_TIMEOUT:-15}
for (( i=${#pids[@]}-1; i>=0; i-- )); do
  pid=${pids[$i]}
  if ! ours "$pid"; then
    log "pid $pid is not running (or is no longer ours)"
    continue
  fi
  name=$(tr '\0' '\n' <"/proc/$pid/cmdline" | head -n1)
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$(( $(date +%s) + timeout ))
  while ours "$pid" && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.1; done
  if ours "$pid"; then
    log "pid $pid ($name) still running after $timeout s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while ours "$pid"; do sleep 0.1; done
  fi
  log "stopped pid $pid ($(basename "$name"))"
done
mv -f "$DIR/pids" "$DIR/pids.stopped"
