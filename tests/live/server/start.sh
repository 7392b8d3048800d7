#!/usr/bin/env bash
# start.sh: start a real etcd + kube-apiserver 1.20.2 (and, with --with-scheduler, a real
# kube-scheduler) for kschedviz's live tests, on 127.0.0.1 only, in a fresh folder.
#
# Usage:
#   tests/live/server/start.sh [--with-scheduler] [--scheduler-config-extra FILE] DIR
#   . DIR/env          # KSV_APISERVER_URL, ports, certificates, kubeconfigs, logs, pids
#   tests/live/server/stop.sh DIR
#   tests/live/server/stop.sh --apiserver DIR; tests/live/server/start.sh --restart-apiserver DIR
#                      stop, then start again, the kube-apiserver alone (etcd and the scheduler
#                      keep running): a restart as a client sees it
#
# Needs the binaries from build.sh (KSV_BIN_DIR overrides where they are) and Debian's
# etcd-server, openssl and curl (build.sh installs them). Never needs kubectl.
#
# DIR must not exist, be empty, or hold a stopped earlier run of start.sh (which is wiped).
# What it writes into DIR:
#   env                          shell-sourceable: KSV_APISERVER_URL, KSV_*_PORT, KSV_CA_CERT,
#                                KSV_{ADMIN,READER}_{CERT,KEY}, KSV_{ADMIN,READER}_TOKEN_FILE,
#                                KSV_*_KUBECONFIG, KSV_AUDIT_LOG, KSV_*_LOG, KSV_*_PID
#   pids                         the process ids it started, one a line (stop.sh reads it)
#   admin.kubeconfig             user "admin", client certificate, group system:masters
#   reader-cert.kubeconfig       user "kschedviz-reader", client certificate (EC P-256 key)
#   reader-token.kubeconfig      user "kschedviz-reader", bearer token
#   pki/                         ca.crt, apiserver.{crt,key}, admin.{crt,key} (RSA),
#                                reader.{crt,key} (EC), scheduler.{crt,key}, sa.{key,pub}
#   tokens.csv, reader.token, admin.token
#   kube-apiserver.args          the apiserver's command line (--restart-apiserver runs it again)
#   audit.log                    every request: verb, user, resource, code (JSON lines)
#   etcd.log, kube-apiserver.log, kube-scheduler.log, etcd/ (data)
#
# The server:
#   - etcd, apiserver and scheduler listen on 127.0.0.1 only, on free ports picked here;
#     the apiserver's insecure port is off, the scheduler's healthz/metrics are on loopback.
#   - authentication: client certificates (ca.crt) and the token file; authorization Node,RBAC.
#   - kschedviz-reader is bound to kschedviz-read-only.yaml (get/list/watch on what kschedviz
#     reads; no secrets, no configmaps) and to nothing else.
#   - admission: TaintNodesByCondition is off (nothing would ever remove the not-ready taint it
#     puts on new nodes: there is no controller manager), and so is ServiceAccount (there is no
#     token controller to create the default ServiceAccounts pods would need).
#   - no controller manager and no kubelet: pods stay Pending unless the scheduler binds them,
#     and nodes keep the status they are created with (POST a Node with its status).
#   - the scheduler (1.20, kubescheduler.config.k8s.io/v1beta1) runs as system:kube-scheduler,
#     without leader election, with its client rate limit raised to QPS 500 / burst 1000 (the
#     default 50 / 100 caps it near 51 bindings/s). It serves /healthz and /metrics over plain
#     HTTP on 127.0.0.1:$KSV_SCHEDULER_HEALTHZ_PORT; its HTTPS port is off (--secure-port 0).
#     --scheduler-config-extra FILE appends FILE (top-level keys such as `profiles:` or
#     `percentageOfNodesToScore:`) to its configuration.
#
# It waits until /readyz answers ok (90 s at most; KSV_START_TIMEOUT changes it), then applies
# the RBAC, then waits for the scheduler's /healthz. On failure it prints the log's tail,
# stops what it started and exits non-zero.
#
# --restart-apiserver DIR: DIR's etcd must be running and its kube-apiserver stopped (stop.sh
# --apiserver DIR). Starts the kube-apiserver again with the same command line, port and audit
# log (appended to), waits for /readyz, puts the new pid in the old one's place in DIR/pids and
# updates KSV_APISERVER_PID in DIR/env. If it does not become ready it is stopped again (only it).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
with_scheduler=0
sched_extra=
restart_apiserver=0
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --with-scheduler) with_scheduler=1; shift ;;
    --scheduler-config-extra) sched_extra=$(readlink -f "$2"); with_scheduler=1; shift 2 ;;
    --restart-apiserver) restart_apiserver=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "start.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: start.sh [--with-scheduler] [--scheduler-config-extra FILE] DIR | --restart-apiserver DIR" >&2; exit 2; }

log() { printf '[start.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf '[start.sh] error: %s\n' "$*" >&2; exit 1; }
T0=$(date +%s%N)
elapsed() { echo "$(( ($(date +%s%N) - T0) / 1000000 )) ms"; }

show_log_tail() { echo "---- last lines of $1 ----" >&2; tail -n "${2:-40}" "$1" >&2 || true; echo "----" >&2; }
alive() { [ -d "/proc/$1" ] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }
# ours PID: running, and its command line names DIR (so not a pid since given to another program)
ours() { alive "$1" && tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null | grep -qF "$DIR/"; }

# wait_for NAME PID LOG TIMEOUT CMD...: until CMD succeeds; fails if PID dies or time runs out.
wait_for() {
  local name=$1 pid=$2 logf=$3 timeout=$4; shift 4
  local deadline=$(( $(date +%s) + timeout ))
  until "$@" >/dev/null 2>&1; do
    if ! alive "$pid"; then show_log_tail "$logf"; die "$name (pid $pid) exited while starting; its log is $logf"; fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      show_log_tail "$logf"; die "$name did not become ready within $timeout s; its log is $logf"
    fi
    sleep 0.2
  done
}
TIMEOUT=${KSV_START_TIMEOUT:-90}
ready() { [ "$(curl -sS --max-time 5 --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" "$API_URL/readyz")" = ok ]; }

# --- --restart-apiserver DIR ----------------------------------------------------------------------
if [ "$restart_apiserver" = 1 ]; then
  [ -d "$1" ] || die "no folder $1"
  DIR=$(cd "$1" && pwd)
  [ -f "$DIR/.kschedviz-test-server" ] && [ -f "$DIR/env" ] && [ -f "$DIR/pids" ] && [ -f "$DIR/kube-apiserver.args" ] \
    || die "$DIR holds no server started by start.sh (or it was stopped)"
  # shellcheck disable=SC1091
  . "$DIR/env"
  PKI=$DIR/pki API_URL=$KSV_APISERVER_URL
  ! ours "$KSV_APISERVER_PID" || die "kube-apiserver (pid $KSV_APISERVER_PID) is still running: run $HERE/stop.sh --apiserver $DIR first"
  ours "$KSV_ETCD_PID" || die "etcd (pid $KSV_ETCD_PID) is not running: start the server again with start.sh"
  eval "args=($(<"$DIR/kube-apiserver.args"))"
  echo "---- restarted by start.sh --restart-apiserver $(date -u +%Y-%m-%dT%H:%M:%SZ) ----" >>"$DIR/kube-apiserver.log"
  "${args[@]}" </dev/null >>"$DIR/kube-apiserver.log" 2>&1 &
  pid=$!
  # In the old pid's place, so that stop.sh still stops the scheduler, then the apiserver, then etcd.
  cp "$DIR/pids" "$DIR/pids.before-restart"
  if grep -qx "$KSV_APISERVER_PID" "$DIR/pids"; then sed -i "s/^$KSV_APISERVER_PID\$/$pid/" "$DIR/pids"
  else echo "$pid" >>"$DIR/pids"; fi
  sed -i "s/^export KSV_APISERVER_PID=.*/export KSV_APISERVER_PID=$pid/" "$DIR/env"
  # Not ready in time: stop this apiserver (only it), and leave DIR/pids and DIR/env as they were.
  trap 'rc=$?; if [ $rc -ne 0 ]; then kill -KILL "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
        mv -f "$DIR/pids.before-restart" "$DIR/pids"
        sed -i "s/^export KSV_APISERVER_PID=.*/export KSV_APISERVER_PID=$KSV_APISERVER_PID/" "$DIR/env"; fi; exit $rc' EXIT
  wait_for kube-apiserver "$pid" "$DIR/kube-apiserver.log" "$TIMEOUT" ready
  rm -f "$DIR/pids.before-restart"
  trap - EXIT
  log "kube-apiserver restarted at $API_URL, pid $pid ($(elapsed))"
  echo "$DIR/env"
  exit 0
fi

for tool in openssl curl etcd flock; do
  command -v "$tool" >/dev/null || die "$tool is missing: run $HERE/build.sh first (it installs etcd-server, openssl, curl)"
done
if [ -n "${KSV_BIN_DIR:-}" ]; then BIN=$KSV_BIN_DIR
else BIN=$("$HERE/build.sh" --print-path) || die "kube-apiserver is not built: run $HERE/build.sh (10 to 15 min)"; fi
[ -x "$BIN/kube-apiserver" ] || die "no kube-apiserver in $BIN"
[ "$with_scheduler" = 0 ] || [ -x "$BIN/kube-scheduler" ] || die "no kube-scheduler in $BIN"

# --- the folder ---------------------------------------------------------------------------------
mkdir -p "$1"
DIR=$(cd "$1" && pwd)
if [ -n "$(ls -A "$DIR")" ]; then
  [ -f "$DIR/.kschedviz-test-server" ] || die "$DIR is not empty and was not made by start.sh; give an empty or new folder"
  if [ -f "$DIR/pids" ]; then
    while read -r pid; do
      if [ -d "/proc/$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$DIR/"; then
        die "$DIR holds a running server (pid $pid): run $HERE/stop.sh $DIR first"
      fi
    done <"$DIR/pids"
  fi
  find "$DIR" -mindepth 1 -delete
fi
touch "$DIR/.kschedviz-test-server"
mkdir -p "$DIR/pki" "$DIR/etcd"
chmod 700 "$DIR/pki" "$DIR/etcd"
: >"$DIR/pids"

# --- free ports on 127.0.0.1 ----------------------------------------------------------------------
# Ports something listens on (any address), from /proc; then random picks outside them, below the
# kernel's ephemeral range: a port in that range can be taken by any outgoing connection between
# the pick and the bind (it happened to kube-scheduler's healthz port while the other real-server
# test ran). The pick still races with other listeners, so a server that cannot bind fails start.sh
# with its log.
used_ports() {
  local hex
  for hex in $(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '$4=="0A" { n = split($2, a, ":"); print a[n] }'); do
    echo $(( 16#$hex ))
  done
}
declare -A taken=()
for p in $(used_ports); do taken[$p]=1; done
ephemeral_low=$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
port_span=$(( ephemeral_low - 20000 ))
[ "$port_span" -ge 2000 ] || port_span=30000 # an unusual range: fall back to the old span
free_port() {
  local p n=0
  while :; do
    p=$(( 20000 + (RANDOM * 32768 + RANDOM) % port_span ))
    if [ -z "${taken[$p]:-}" ]; then taken[$p]=1; echo "$p"; return; fi
    n=$((n + 1)); [ $n -lt 1000 ] || die "no free port found"
  done
}
ETCD_PORT=$(free_port); ETCD_PEER_PORT=$(free_port); API_PORT=$(free_port)
SCHED_HEALTHZ_PORT=$(free_port)
API_URL="https://127.0.0.1:$API_PORT"

# --- certificates and tokens ----------------------------------------------------------------------
PKI=$DIR/pki
ossl() { openssl "$@" 2>>"$DIR/openssl.log" >/dev/null || die "openssl $1 failed: $(tail -n 5 "$DIR/openssl.log")"; }
ossl req -x509 -new -newkey rsa:2048 -nodes -keyout "$PKI/ca.key" -out "$PKI/ca.crt" -days 3650 \
  -subj "/CN=kschedviz-test-ca" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
# sign NAME SUBJECT KEYTYPE EKU [SAN]
sign() {
  local name=$1 subj=$2 keytype=$3 eku=$4 san=${5:-}
  if [ "$keytype" = ec ]; then ossl ecparam -name prime256v1 -genkey -noout -out "$PKI/$name.key"
  else ossl genrsa -out "$PKI/$name.key" 2048; fi
  ossl req -new -key "$PKI/$name.key" -subj "$subj" -out "$PKI/$name.csr"
  {
    echo "basicConstraints=critical,CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=$eku"
    [ -z "$san" ] || echo "subjectAltName=$san"
  } >"$PKI/$name.ext"
  ossl x509 -req -in "$PKI/$name.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial \
    -days 3650 -sha256 -extfile "$PKI/$name.ext" -out "$PKI/$name.crt"
  rm -f "$PKI/$name.csr" "$PKI/$name.ext"
}
sign apiserver "/CN=kube-apiserver" rsa serverAuth "IP:127.0.0.1,DNS:localhost"
sign admin "/O=system:masters/CN=admin" rsa clientAuth
sign reader "/CN=kschedviz-reader" ec clientAuth
sign scheduler "/CN=system:kube-scheduler" rsa clientAuth
ossl genrsa -out "$PKI/sa.key" 2048
ossl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub"
rm -f "$PKI/ca.srl"
chmod 600 "$PKI"/*.key

# token,user,uid,"group1,group2"
reader_token=$(openssl rand -hex 24); admin_token=$(openssl rand -hex 24)
umask 077
printf '%s\n' "$reader_token" >"$DIR/reader.token"
printf '%s\n' "$admin_token" >"$DIR/admin.token"
{
  printf '%s,kschedviz-reader,kschedviz-reader\n' "$reader_token"
  printf '%s,admin,admin,"system:masters"\n' "$admin_token"
} >"$DIR/tokens.csv"
umask 022

# kubeconfig FILE USER-LINES...
kubeconfig() {
  local file=$1 user=$2; shift 2
  {
    cat <<EOF
apiVersion: v1
kind: Config
clusters:
- name: kschedviz-test
  cluster:
    server: $API_URL
    certificate-authority: $PKI/ca.crt
users:
- name: $user
  user:
EOF
    for line in "$@"; do echo "    $line"; done
    cat <<EOF
contexts:
- name: kschedviz-test
  context:
    cluster: kschedviz-test
    user: $user
    namespace: default
current-context: kschedviz-test
EOF
  } >"$file"
  chmod 600 "$file"
}
kubeconfig "$DIR/admin.kubeconfig" admin "client-certificate: $PKI/admin.crt" "client-key: $PKI/admin.key"
kubeconfig "$DIR/reader-cert.kubeconfig" kschedviz-reader "client-certificate: $PKI/reader.crt" "client-key: $PKI/reader.key"
kubeconfig "$DIR/reader-token.kubeconfig" kschedviz-reader "token: $reader_token"
kubeconfig "$DIR/scheduler.kubeconfig" system:kube-scheduler "client-certificate: $PKI/scheduler.crt" "client-key: $PKI/scheduler.key"
cp "$HERE/audit-policy.yaml" "$DIR/audit-policy.yaml"
log "certificates, tokens and kubeconfigs written ($(elapsed))"

# --- processes ------------------------------------------------------------------------------------
started=()
cleanup_on_failure() {
  local rc=$?
  if [ $rc -ne 0 ] && [ ${#started[@]} -gt 0 ]; then
    log "stopping what was started"
    "$HERE/stop.sh" "$DIR" >&2 || true
  fi
  exit $rc
}
trap cleanup_on_failure EXIT
# launch NAME LOG CMD...: in the background, stdin closed, output to LOG; records the pid.
launch() {
  local name=$1 logf=$2; shift 2
  "$@" </dev/null >"$logf" 2>&1 &
  local pid=$!
  started+=("$pid")
  echo "$pid" >>"$DIR/pids"
  eval "${name}_PID=$pid"
}

launch ETCD "$DIR/etcd.log" etcd --name kschedviz-test --data-dir "$DIR/etcd" \
  --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster "kschedviz-test=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new \
  --logger zap --log-outputs stderr
wait_for etcd "$ETCD_PID" "$DIR/etcd.log" "$TIMEOUT" curl -fsS "http://127.0.0.1:$ETCD_PORT/health"
log "etcd ready on 127.0.0.1:$ETCD_PORT, pid $ETCD_PID ($(elapsed))"

APISERVER_ARGS=("$BIN/kube-apiserver" \
  --etcd-servers "http://127.0.0.1:$ETCD_PORT" \
  --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$API_PORT" --insecure-port 0 \
  --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
  --client-ca-file "$PKI/ca.crt" --token-auth-file "$DIR/tokens.csv" \
  --authorization-mode Node,RBAC --anonymous-auth=false \
  --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
  --service-account-issuer https://kubernetes.default.svc.cluster.local \
  --service-cluster-ip-range 10.0.0.0/24 --endpoint-reconciler-type none \
  --disable-admission-plugins TaintNodesByCondition,ServiceAccount \
  --audit-policy-file "$DIR/audit-policy.yaml" --audit-log-path "$DIR/audit.log" \
  --audit-log-format json --audit-log-mode blocking \
  --cert-dir "$DIR/pki/apiserver-generated" --profiling=false)
printf '%q ' "${APISERVER_ARGS[@]}" >"$DIR/kube-apiserver.args"
launch APISERVER "$DIR/kube-apiserver.log" "${APISERVER_ARGS[@]}"
wait_for kube-apiserver "$APISERVER_PID" "$DIR/kube-apiserver.log" "$TIMEOUT" ready
log "kube-apiserver ready at $API_URL, pid $APISERVER_PID ($(elapsed))"

# --- RBAC for the reader --------------------------------------------------------------------------
admin_curl() { curl -sS --max-time 20 --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" "$@"; }
apply_yaml() {
  local path=$1 file=$2 code
  code=$(admin_curl -o "$DIR/rbac-response.json" -w '%{http_code}' -X POST -H 'Content-Type: application/yaml' \
    --data-binary "@$file" "$API_URL$path") || die "POST $path failed"
  [ "$code" = 201 ] || die "POST $path with $file answered $code: $(cat "$DIR/rbac-response.json")"
}
apply_yaml /apis/rbac.authorization.k8s.io/v1/clusterroles "$HERE/kschedviz-read-only.yaml"
apply_yaml /apis/rbac.authorization.k8s.io/v1/clusterrolebindings "$HERE/kschedviz-reader-binding.yaml"
rm -f "$DIR/rbac-response.json"
log "ClusterRole kschedviz-read-only bound to user kschedviz-reader ($(elapsed))"

# --- scheduler ------------------------------------------------------------------------------------
if [ "$with_scheduler" = 1 ]; then
  {
    cat <<EOF
apiVersion: kubescheduler.config.k8s.io/v1beta1
kind: KubeSchedulerConfiguration
clientConnection:
  kubeconfig: $DIR/scheduler.kubeconfig
  qps: 500
  burst: 1000
leaderElection:
  leaderElect: false
healthzBindAddress: 127.0.0.1:$SCHED_HEALTHZ_PORT
metricsBindAddress: 127.0.0.1:$SCHED_HEALTHZ_PORT
EOF
    [ -z "$sched_extra" ] || cat "$sched_extra"
  } >"$DIR/scheduler-config.yaml"
  launch SCHEDULER "$DIR/kube-scheduler.log" "$BIN/kube-scheduler" --config "$DIR/scheduler-config.yaml" \
    --bind-address 127.0.0.1 --secure-port 0
  wait_for kube-scheduler "$SCHEDULER_PID" "$DIR/kube-scheduler.log" "$TIMEOUT" \
    curl -fsS --max-time 5 "http://127.0.0.1:$SCHED_HEALTHZ_PORT/healthz"
  log "kube-scheduler healthy, pid $SCHEDULER_PID ($(elapsed))"
fi

# --- env ------------------------------------------------------------------------------------------
{
  echo "# written by tests/live/server/start.sh $(date -u +%Y-%m-%dT%H:%M:%SZ); source it"
  for kv in \
    "KSV_DIR=$DIR" "KSV_BIN_DIR=$BIN" \
    "KSV_APISERVER_URL=$API_URL" "KSV_APISERVER_PORT=$API_PORT" \
    "KSV_ETCD_URL=http://127.0.0.1:$ETCD_PORT" "KSV_ETCD_PORT=$ETCD_PORT" "KSV_ETCD_PEER_PORT=$ETCD_PEER_PORT" \
    "KSV_WITH_SCHEDULER=$with_scheduler" \
    "KSV_CA_CERT=$PKI/ca.crt" \
    "KSV_ADMIN_CERT=$PKI/admin.crt" "KSV_ADMIN_KEY=$PKI/admin.key" "KSV_ADMIN_TOKEN_FILE=$DIR/admin.token" \
    "KSV_READER_USER=kschedviz-reader" \
    "KSV_READER_CERT=$PKI/reader.crt" "KSV_READER_KEY=$PKI/reader.key" "KSV_READER_TOKEN_FILE=$DIR/reader.token" \
    "KSV_ADMIN_KUBECONFIG=$DIR/admin.kubeconfig" \
    "KSV_READER_CERT_KUBECONFIG=$DIR/reader-cert.kubeconfig" \
    "KSV_READER_TOKEN_KUBECONFIG=$DIR/reader-token.kubeconfig" \
    "KSV_AUDIT_LOG=$DIR/audit.log" "KSV_ETCD_LOG=$DIR/etcd.log" "KSV_APISERVER_LOG=$DIR/kube-apiserver.log" \
    "KSV_ETCD_PID=$ETCD_PID" "KSV_APISERVER_PID=$APISERVER_PID"; do
    printf 'export %s=%q\n' "${kv%%=*}" "${kv#*=}"
  done
  if [ "$with_scheduler" = 1 ]; then
    for kv in "KSV_SCHEDULER_PID=$SCHEDULER_PID" "KSV_SCHEDULER_LOG=$DIR/kube-scheduler.log" \
      "KSV_SCHEDULER_HEALTHZ_PORT=$SCHED_HEALTHZ_PORT" \
      "KSV_SCHEDULER_KUBECONFIG=$DIR/scheduler.kubeconfig"; do
      printf 'export %s=%q\n' "${kv%%=*}" "${kv#*=}"
    done
  fi
} >"$DIR/env"
trap - EXIT
log "ready in $(elapsed): . $DIR/env"
echo "$DIR/env"
