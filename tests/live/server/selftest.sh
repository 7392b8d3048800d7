#!/usr/bin/env bash
# selftest.sh: end-to-end check of the live test server, with curl only (no kubectl).
#
# Usage: tests/live/server/selftest.sh [--no-build] [--with-scheduler] [--keep] [DIR]
#   --no-build        do not build: exit 77 (a ctest skip) if build.sh has no binaries cached
#   --with-scheduler  also start kube-scheduler and check it binds the pod (Scheduled event)
#   --keep            keep DIR (logs, audit.log) after a success; it is always kept on failure
#   DIR               where the server lives (default: a new folder from mktemp -d)
#   KSV_BIN_DIR=...   use the binaries in that folder instead of build.sh's
#
# Checks, each printed as ok/FAIL; exits non-zero if any fails:
#   - build.sh gives the binaries; start.sh starts etcd + kube-apiserver on 127.0.0.1.
#   - admin (client certificate, system:masters) creates a Node with its status (capacity,
#     allocatable, Ready) and a Pod; without the scheduler the Pod stays Pending.
#   - kschedviz-reader, by client certificate and by token: GET /api/v1/nodes is 200 and shows
#     the node; every resource of kschedviz-read-only.yaml lists with 200; secrets and
#     configmaps are 403; POST of a pod and DELETE of a node are 403.
#   - audit.log holds those requests with user kschedviz-reader, verb and resource.
#   - stop.sh stops everything; no process that start.sh started is left; stop.sh again is a no-op.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=1 with_scheduler=0 keep=0 dir=
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --with-scheduler) with_scheduler=1 ;;
    --keep) keep=1 ;;
    -h|--help) sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "selftest.sh: unknown option $1" >&2; exit 2 ;;
    *) dir=$1 ;;
  esac
  shift
done

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
jqt() { jq -e "$@" >/dev/null; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }
finish() {
  echo "$passed passed, $failed failed"
  if [ "$failed" -gt 0 ] || [ "$keep" = 1 ]; then echo "server folder kept: $DIR"; else rm -rf "$DIR"; fi
  [ "$failed" -eq 0 ]
  exit $?
}

# --- binaries -----------------------------------------------------------------------------------
if [ -n "${KSV_BIN_DIR:-}" ]; then
  BIN=$KSV_BIN_DIR
elif [ "$build" = 1 ]; then
  BIN=$("$HERE/build.sh" | tail -n1) || { echo "FAIL build.sh"; echo "0 passed, 1 failed"; exit 1; }
else
  BIN=$("$HERE/build.sh" --print-path 2>/dev/null) || { echo "SKIP: kube-apiserver not built (run $HERE/build.sh)"; exit 77; }
fi
export KSV_BIN_DIR=$BIN
ok "binaries in $BIN"

# --- start --------------------------------------------------------------------------------------
DIR=${dir:-$(mktemp -d "${TMPDIR:-/tmp}/kschedviz-apiserver.XXXXXX")}
mkdir -p "$DIR"; DIR=$(cd "$DIR" && pwd)
start_args=(); [ "$with_scheduler" = 0 ] || start_args+=(--with-scheduler)
t0=$(date +%s%N)
if ! "$HERE/start.sh" "${start_args[@]}" "$DIR" >/dev/null; then fail "start.sh $DIR"; finish; fi
ok "start.sh in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
stopped=0
trap '[ "$stopped" = 1 ] || "$HERE/stop.sh" "$DIR" 2>/dev/null' EXIT
# shellcheck disable=SC1091
. "$DIR/env"

# req AS METHOD PATH [JSON-BODY]: prints the HTTP code; the body goes to $DIR/last-response.json.
req() {
  local as=$1 method=$2 path=$3 body=${4:-} auth=()
  case "$as" in
    admin) auth=(--cert "$KSV_ADMIN_CERT" --key "$KSV_ADMIN_KEY") ;;
    reader-cert) auth=(--cert "$KSV_READER_CERT" --key "$KSV_READER_KEY") ;;
    reader-token) auth=(-H "Authorization: Bearer $(cat "$KSV_READER_TOKEN_FILE")") ;;
  esac
  local data=(); [ -z "$body" ] || data=(-H 'Content-Type: application/json' --data-binary "$body")
  curl -sS --max-time 20 --cacert "$KSV_CA_CERT" "${auth[@]}" -X "$method" "${data[@]}" \
    -o "$DIR/last-response.json" -w '%{http_code}' "$KSV_APISERVER_URL$path" || echo "curl-error"
}
expect() {  # expect CODE AS METHOD PATH [BODY]
  local want=$1; shift
  local got; got=$(req "$@")
  if [ "$got" = "$want" ]; then ok "$2 $3 as $1 -> $got"
  else fail "$2 $3 as $1 -> $got, want $want: $(head -c 300 "$DIR/last-response.json")"; fi
}

# --- what only listens on loopback ---------------------------------------------------------------
listening_sockets() {  # "HEXADDR:HEXPORT" of every listening TCP socket the started processes hold
  local pid inodes=""
  while read -r pid; do
    inodes+=" $(ls -l "/proc/$pid/fd" 2>/dev/null | sed -n 's/.*socket:\[\([0-9]*\)\]/\1/p' | tr '\n' ' ')"
  done <"$DIR/pids"
  awk -v inodes="$inodes" 'BEGIN { n = split(inodes, a, " "); for (i = 1; i <= n; i++) mine[a[i]] = 1 }
    $4 == "0A" && ($10 in mine) { print $2 }' /proc/net/tcp /proc/net/tcp6
}
# 127.x.x.x is ..7F in /proc/net/tcp (little-endian), ::1 is 0..01000000 in /proc/net/tcp6.
only_loopback() {
  local socks; socks=$(listening_sockets)
  [ -n "$socks" ] || { echo "no listening socket found"; return 1; }
  echo "$socks" | awk -F: '$1 !~ /7F$/ && $1 != "00000000000000000000000001000000" { bad = 1; print "not loopback: " $0 } END { exit bad }'
}
check "the started processes listen on 127.0.0.1 only ($(listening_sockets | wc -l) sockets)" only_loopback

# --- admin writes a node and a pod ---------------------------------------------------------------
node='{"apiVersion":"v1","kind":"Node","metadata":{"name":"node-1","labels":{"kubernetes.io/hostname":"node-1"}},
 "status":{"capacity":{"cpu":"4","memory":"8Gi","pods":"110"},"allocatable":{"cpu":"4","memory":"8Gi","pods":"110"},
 "conditions":[{"type":"Ready","status":"True","reason":"KubeletReady","message":"selftest",
   "lastHeartbeatTime":"2026-01-01T00:00:00Z","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}'
expect 201 admin POST /api/v1/nodes "$node"
check "node-1 kept its status (allocatable cpu 4, Ready True)" \
  jqt '.status.allocatable.cpu == "4" and ([.status.conditions[] | select(.type == "Ready") | .status] == ["True"])' "$DIR/last-response.json"
check "node-1 has no taints (TaintNodesByCondition is off)" jqt '(.spec.taints // []) | length == 0' "$DIR/last-response.json"
pod='{"apiVersion":"v1","kind":"Pod","metadata":{"name":"pending-1","namespace":"default"},
 "spec":{"containers":[{"name":"c","image":"registry.invalid/none:1","resources":{"requests":{"cpu":"500m","memory":"256Mi"}}}]}}'
expect 201 admin POST /api/v1/namespaces/default/pods "$pod"
if [ "$with_scheduler" = 0 ]; then
  req admin GET /api/v1/namespaces/default/pods/pending-1 >/dev/null
  check "pending-1 is Pending with no node" \
    jqt '.status.phase == "Pending" and (.spec.nodeName // "") == ""' "$DIR/last-response.json"
else
  bound() { req admin GET /api/v1/namespaces/default/pods/pending-1 >/dev/null
            jq -e '.spec.nodeName == "node-1"' "$DIR/last-response.json" >/dev/null; }
  for _ in $(seq 1 100); do bound && break; sleep 0.2; done
  check "kube-scheduler bound pending-1 to node-1" bound
  scheduled_event() { req admin GET '/apis/events.k8s.io/v1/namespaces/default/events' >/dev/null
    jq -e '[.items[] | select(.reason == "Scheduled" and .regarding.name == "pending-1"
            and .reportingController == "default-scheduler")] | length > 0' "$DIR/last-response.json" >/dev/null; }
  for _ in $(seq 1 50); do scheduled_event && break; sleep 0.2; done
  check "a Scheduled event (events.k8s.io/v1, reportingController default-scheduler)" scheduled_event
fi

# --- the reader ----------------------------------------------------------------------------------
readable=(
  /api/v1/nodes /api/v1/pods /api/v1/namespaces /api/v1/persistentvolumeclaims /api/v1/persistentvolumes
  /api/v1/services /api/v1/replicationcontrollers /api/v1/events /apis/events.k8s.io/v1/events
  /apis/scheduling.k8s.io/v1/priorityclasses /apis/policy/v1beta1/poddisruptionbudgets
  /apis/storage.k8s.io/v1/storageclasses /apis/storage.k8s.io/v1/csinodes
  /apis/apps/v1/replicasets /apis/apps/v1/statefulsets
)
for as in reader-cert reader-token; do
  expect 200 "$as" GET /api/v1/nodes
  check "$as sees node-1 in the node list" jqt '[.items[].metadata.name] | index("node-1") != null' "$DIR/last-response.json"
  expect 200 "$as" GET /api/v1/nodes/node-1
  expect 200 "$as" GET '/api/v1/pods?watch=1&timeoutSeconds=1'
  for path in "${readable[@]:1}"; do expect 200 "$as" GET "$path"; done
  expect 403 "$as" GET /api/v1/secrets
  expect 403 "$as" GET /api/v1/namespaces/default/secrets
  expect 403 "$as" GET /api/v1/configmaps
  expect 403 "$as" GET /apis/apps/v1/deployments
  expect 403 "$as" POST /api/v1/namespaces/default/pods "$pod"
  expect 403 "$as" DELETE /api/v1/nodes/node-1
  expect 403 "$as" PATCH /api/v1/nodes/node-1 '{}'
done
expect 401 anonymous GET /api/v1/nodes

# --- the audit log -------------------------------------------------------------------------------
# audited USER VERB RESOURCE CODE: some audit line matches (waits up to 5 s for the log to flush)
audited() {
  local q=". | select(.user.username == \"$1\" and .verb == \"$2\" and .objectRef.resource == \"$3\"
             and .responseStatus.code == $4 and .stage == \"ResponseComplete\")"
  for _ in $(seq 1 25); do
    [ -n "$(jq -c "$q" "$KSV_AUDIT_LOG" 2>/dev/null | head -n1)" ] && return 0
    sleep 0.2
  done
  return 1
}
check "audit.log: kschedviz-reader list nodes 200" audited kschedviz-reader list nodes 200
check "audit.log: kschedviz-reader get nodes 200" audited kschedviz-reader get nodes 200
check "audit.log: kschedviz-reader watch pods 200" audited kschedviz-reader watch pods 200
check "audit.log: kschedviz-reader list secrets 403" audited kschedviz-reader list secrets 403
check "audit.log: kschedviz-reader create pods 403" audited kschedviz-reader create pods 403
check "audit.log: kschedviz-reader delete nodes 403" audited kschedviz-reader delete nodes 403
check "audit.log: admin create nodes 201" audited admin create nodes 201
check "audit.log: every line is JSON with verb, user and code (no username only on the 401)" \
  jqt -s 'length > 0 and all(.[]; has("verb") and has("user") and (.responseStatus.code | type == "number")
          and (.responseStatus.code == 401 or (.user.username | type == "string")))' "$KSV_AUDIT_LOG"

# --- stop ----------------------------------------------------------------------------------------
mapfile -t pids <"$DIR/pids"
check "stop.sh" "$HERE/stop.sh" "$DIR"
stopped=1
gone() { local p; for p in "${pids[@]}"; do
  [ -d "/proc/$p" ] && ! grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null && return 1; done; return 0; }
check "none of the ${#pids[@]} started processes (${pids[*]}) is left" gone
nothing_names_dir() {  # this script's own command line may name DIR, so skip selftest.sh
  local f c
  for f in /proc/[0-9]*/cmdline; do
    c=$( { tr '\0' ' ' <"$f"; } 2>/dev/null) || continue
    if [[ $c == *"$DIR/"* && $c != *selftest.sh* ]]; then echo "still running: ${f%/cmdline}: $c"; return 1; fi
  done
}
check "no process has $DIR in its command line" nothing_names_dir
check "stop.sh a second time is a no-op" "$HERE/stop.sh" "$DIR"
finish
