#!/usr/bin/env bash
# stop.sh: stop what tests/live/server/start.sh DIR started.
#
# Usage: tests/live/server/stop.sh [--apiserver] DIR
#
# --apiserver: stop the kube-apiserver alone (the pid KSV_APISERVER_PID in DIR/env), leaving etcd
# and the scheduler running; start.sh --restart-apiserver DIR starts it again and puts the new
# pid in the old one's place in DIR/pids. The apiserver stops listening at once on SIGTERM but
# waits for open watches (the scheduler's) to end, so it is often killed after the timeout:
# KSV_STOP_TIMEOUT=2 makes that quick.
#
# Ends only the process ids listed in DIR/pids, never processes found by name, and only those
# whose command line still names DIR (so a pid the system has since given to another program
# is left alone). Last started first (scheduler, apiserver, etcd): SIGTERM, up to 15 s to exit
# (KSV_STOP_TIMEOUT), then SIGKILL. It waits until each is gone, then renames DIR/pids to
# DIR/pids.stopped, so calling it again is safe and does nothing. Logs, audit.log and
# certificates stay in DIR; remove DIR yourself when done.
set -euo pipefail

only_apiserver=0
if [ "${1:-}" = --apiserver ]; then only_apiserver=1; shift; fi
[ $# -eq 1 ] || { echo "usage: stop.sh [--apiserver] DIR" >&2; exit 2; }
[ -d "$1" ] || { echo "stop.sh: no folder $1" >&2; exit 1; }
DIR=$(cd "$1" && pwd)
log() { printf '[stop.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

if [ ! -f "$DIR/pids" ]; then
  log "nothing to stop in $DIR (no pids file)"
  exit 0
fi

alive() { [ -d "/proc/$1" ] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }
ours() {  # running (not a zombie) and started by start.sh for this DIR
  alive "$1" && tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null | grep -qF "$DIR/"
}

timeout=${KSV_STOP_TIMEOUT:-15}
stop_pid() {
  local pid=$1 name deadline
  if ! ours "$pid"; then
    log "pid $pid is not running (or is no longer ours)"
    return 0
  fi
  name=$(tr '\0' '\n' <"/proc/$pid/cmdline" | head -n1)
  kill -TERM "$pid" 2>/dev/null || true
  # From here on `alive`, not `ours`: an exiting process has an empty cmdline before it is a zombie.
  deadline=$(( $(date +%s) + timeout ))
  while alive "$pid" && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.1; done
  if alive "$pid"; then
    log "pid $pid ($name) still running after $timeout s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while alive "$pid"; do sleep 0.1; done
  fi
  log "stopped pid $pid ($(basename "$name"))"
}

if [ "$only_apiserver" = 1 ]; then
  pid=$(sed -n 's/^export KSV_APISERVER_PID=\([0-9]*\)$/\1/p' "$DIR/env" 2>/dev/null)
  [ -n "$pid" ] || { echo "stop.sh: no KSV_APISERVER_PID in $DIR/env" >&2; exit 1; }
  grep -qx "$pid" "$DIR/pids" || { log "kube-apiserver pid $pid is not in $DIR/pids: nothing to stop"; exit 0; }
  if ours "$pid" && [ "$(basename "$(tr '\0' '\n' <"/proc/$pid/cmdline" | head -n1)")" != kube-apiserver ]; then
    echo "stop.sh: pid $pid is not a kube-apiserver" >&2; exit 1
  fi
  stop_pid "$pid"
  exit 0
fi

mapfile -t pids < <(grep -E '^[0-9]+$' "$DIR/pids" || true)
for (( i=${#pids[@]}-1; i>=0; i-- )); do stop_pid "${pids[$i]}"; done
mv -f "$DIR/pids" "$DIR/pids.stopped"
