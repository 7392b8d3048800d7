#!/usr/bin/env bash
# build.sh: a real kube-apiserver and kube-scheduler 1.20.2 for kschedviz's live tests,
# built from Debian 12's own `kubernetes` source package with Debian's golang-go.
#
# Usage:
#   tests/live/server/build.sh               build if needed; the last line of stdout is the
#                                            folder holding kube-apiserver and kube-scheduler
#   tests/live/server/build.sh --print-path  print that folder if it is built, else exit 1
#                                            (never installs or builds anything)
#   tests/live/server/build.sh --refresh     fetch the private deb-src lists again first, so a
#                                            new Debian upload of `kubernetes` (a security fix)
#                                            is seen: it changes the key and builds again
#
# What it does, when the binaries are not cached yet (10 to 15 min on 2 cores, 1.3 GB RAM):
#   1. apt-get installs what is missing (golang-go, etcd-server, Debian's reflect2 1.0.2, rsync,
#      jq, dpkg-dev, openssl, curl) and prints the list. Needs root (or sudo) for that step only.
#   2. fetches the `kubernetes` source package through a private apt configuration (a deb-src
#      line for each of the system's Debian repositories, lists kept in the scratch folder), so
#      the system's own sources stay untouched.
#   3. replaces the vendored github.com/modern-go/reflect2 1.0.1, which dies with
#      "fatal error: fault" under Go >= 1.18, with Debian's golang-github-modern-go-reflect2-dev.
#   4. builds cmd/kube-apiserver and cmd/kube-scheduler as debian/rules does: GOPATH mode,
#      CGO_ENABLED=0, `make WHAT=...`, all under `nice -n 15`.
#   5. copies the two binaries to the cache and removes the source tree (and with it the Go
#      build cache, which the kubernetes build keeps inside the tree).
#
# Cache: ${XDG_CACHE_HOME:-$HOME/.cache}/kschedviz/apiserver-<key>/{kube-apiserver,kube-scheduler,inputs.txt}
#   <key> = first 16 hex digits of the sha256 of: architecture, the source package version that
#   apt would fetch, the installed golang-go version and the Go compiler package it depends on,
#   the installed reflect2 package version, and the sha256 of this script. A change to any of
#   them builds again into a new folder; old folders are left for the user to delete.
#   The quick check (< 1 s, no network) reads the source version from the private lists as the
#   last slow run left them; only --refresh (or a missing list) fetches them again.
#   A failed build leaves its source tree in the scratch folder to look at; the next run
#   removes it.
# Scratch (source, Go cache, private apt lists): ${KSV_SCRATCH:-${XDG_CACHE_HOME:-$HOME/.cache}/kschedviz/scratch}
#   KSV_KEEP_SOURCE=1 keeps the source tree and its Go cache after a successful build.
#
# All progress goes to stderr; stdout carries only the final path.
set -euo pipefail

SCRIPT_PATH=$(readlink -f "${BASH_SOURCE[0]}")
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/kschedviz"
SCRATCH="${KSV_SCRATCH:-$CACHE_ROOT/scratch}"
APT_DIR="$SCRATCH/apt"
SRC_PKG=kubernetes
REFLECT2_PKG=golang-github-modern-go-reflect2-dev
REFLECT2_DIR=/usr/share/gocode/src/github.com/modern-go/reflect2
PACKAGES=(golang-go etcd-server "$REFLECT2_PKG" rsync jq dpkg-dev openssl curl ca-certificates)

print_only=0 refresh=0
case "${1:-}" in
  --print-path) print_only=1 ;;
  --refresh) refresh=1 ;;
  "") ;;
  -h|--help) sed -n '2,/^set -euo/p' "$SCRIPT_PATH" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "build.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
esac

log() { printf '[build.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf '[build.sh] error: %s\n' "$*" >&2; exit 1; }

# The private apt configuration: own source list, own lists, own archives; the system's dpkg
# status is only read.
APT_OPTS=(
  -o "Dir::Etc::SourceList=$APT_DIR/sources.list"
  -o "Dir::Etc::SourceParts=$APT_DIR/sources.list.d"
  -o "Dir::State::Lists=$APT_DIR/lists"
  -o "Dir::Cache::Archives=$APT_DIR/archives"
  -o "Dir::Cache::pkgcache="
  -o "Dir::Cache::srcpkgcache="
)
[ "$(id -u)" = 0 ] && APT_OPTS+=(-o "APT::Sandbox::User=root")

installed_version() { dpkg-query -W -f='${db:Status-Abbrev} ${Version}' "$1" 2>/dev/null | awk '$1=="ii"{print $2}'; }

# The version `apt-get source` would fetch, from the private lists (empty if they are missing).
source_version() {
  [ -d "$APT_DIR/lists" ] || return 0
  apt-get "${APT_OPTS[@]}" -qq --print-uris source "$SRC_PKG" 2>/dev/null \
    | sed -n "s/^'[^']*' ${SRC_PKG}_\([^ ]*\)\.dsc .*/\1/p" | head -n1
}

# Prints the inputs that make the key, one per line; fails if one is unknown.
key_inputs() {
  local src go_meta go_dep go_compiler reflect2
  src=$(source_version) || true
  go_meta=$(installed_version golang-go)
  reflect2=$(installed_version "$REFLECT2_PKG")
  [ -n "$src" ] && [ -n "$go_meta" ] && [ -n "$reflect2" ] || return 1
  go_dep=$(dpkg-query -W -f='${Depends}' golang-go | sed 's/[ ,(].*//')
  go_compiler="$go_dep=$(installed_version "$go_dep")"
  printf 'arch=%s\nsource=%s=%s\ngolang-go=%s\ngo-compiler=%s\nreflect2=%s\nbuild.sh=%s\n' \
    "$(dpkg --print-architecture)" "$SRC_PKG" "$src" "$go_meta" "$go_compiler" "$reflect2" \
    "$(sha256sum "$SCRIPT_PATH" | cut -c1-64)"
}

cache_dir_for() { echo "$CACHE_ROOT/apiserver-$(printf '%s' "$1" | sha256sum | cut -c1-16)"; }
is_built() { [ -x "$1/kube-apiserver" ] && [ -x "$1/kube-scheduler" ] && [ -f "$1/inputs.txt" ]; }

# Fast path: everything is known and built.
if [ "$refresh" = 0 ] && inputs=$(key_inputs); then
  dir=$(cache_dir_for "$inputs")
  if is_built "$dir"; then echo "$dir"; exit 0; fi
fi
if [ "$print_only" = 1 ]; then
  echo "build.sh: the kube-apiserver/kube-scheduler binaries are not built for the current inputs; run $SCRIPT_PATH" >&2
  exit 1
fi

# ---------------------------------------------------------------------------------------------
# Slow path. One build at a time per cache root.
mkdir -p "$CACHE_ROOT" "$SCRATCH"
exec 9>"$CACHE_ROOT/build.lock"
if ! flock -n 9; then
  log "another build.sh holds $CACHE_ROOT/build.lock; waiting for it"
  flock 9
fi
START=$(date +%s)

# 1. Debian packages.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root to run: $*"; fi
}
missing=()
for p in "${PACKAGES[@]}"; do [ -n "$(installed_version "$p")" ] || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing missing Debian packages: ${missing[*]}"
  if ! apt-cache policy golang-go 2>/dev/null | awk '/Candidate:/{print $2}' | grep -qv '(none)'; then
    log "apt has no package lists yet: apt-get update"
    as_root apt-get update -q >&2
  fi
  as_root env DEBIAN_FRONTEND=noninteractive nice -n 15 \
    apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
  log "installed: $(for p in "${missing[@]}"; do printf '%s=%s ' "$p" "$(installed_version "$p")"; done)"
else
  log "Debian packages already installed: ${PACKAGES[*]}"
fi
[ -d "$REFLECT2_DIR" ] || die "$REFLECT2_DIR is missing although $REFLECT2_PKG is installed"

# 2. The private apt configuration: a deb-src line for every Debian repository the system uses.
mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/archives/partial" "$APT_DIR/sources.list.d"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' 'Origin: Debian' 'Created-By: Packages' 2>/dev/null \
  | awk 'NF==3' | sort -u \
  | while read -r uri rel comp; do
      if [ -f "$keyring" ]; then echo "deb-src [signed-by=$keyring] $uri $rel $comp"
      else echo "deb-src $uri $rel $comp"; fi
    done >"$APT_DIR/sources.list.new"
if [ ! -s "$APT_DIR/sources.list.new" ]; then
  . /etc/os-release
  echo "deb-src http://deb.debian.org/debian ${VERSION_CODENAME:-bookworm} main" >"$APT_DIR/sources.list.new"
fi
mv "$APT_DIR/sources.list.new" "$APT_DIR/sources.list"
log "private apt sources ($APT_DIR/sources.list):"; sed 's/^/    /' "$APT_DIR/sources.list" >&2
nice -n 15 apt-get "${APT_OPTS[@]}" -q update >&2

inputs=$(key_inputs) || die "could not work out the build inputs (is the $SRC_PKG source package in apt's deb-src lists?)"
dir=$(cache_dir_for "$inputs")
if is_built "$dir"; then log "already built"; echo "$dir"; exit 0; fi
log "build inputs:"; sed 's/^/    /' <<<"$inputs" >&2
log "target: $dir"

# 3. Source.
src_version=$(sed -n "s/^source=$SRC_PKG=//p" <<<"$inputs")
work="$SCRATCH/src"
rm -rf "$work"; mkdir -p "$work"
log "fetching source package $SRC_PKG $src_version"
(cd "$work" && nice -n 15 apt-get "${APT_OPTS[@]}" -q source "$SRC_PKG=$src_version" >&2)
tree=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name "$SRC_PKG-*" | head -n1)
[ -n "$tree" ] && [ -f "$tree/debian/rules" ] || die "no unpacked source tree in $work"

log "replacing vendored modern-go/reflect2 ($(sed -n 's/^# github.com\/modern-go\/reflect2 \(v[^ ]*\).*/\1/p' "$tree/vendor/modules.txt" | head -n1)) with $REFLECT2_PKG $(installed_version "$REFLECT2_PKG")"
rm -rf "$tree/vendor/github.com/modern-go/reflect2"
rsync -a --exclude go.mod "$REFLECT2_DIR/" "$tree/vendor/github.com/modern-go/reflect2/"
[ -f "$tree/vendor/github.com/modern-go/reflect2/go_above_118.go" ] || die "reflect2 swap failed: no go_above_118.go"

# 4. Build, as debian/rules' override_dh_auto_build does.
log "building cmd/kube-apiserver cmd/kube-scheduler with $(go version) (nice -n 15; 10 to 15 min cold on 2 cores)"
mkdir -p "$tree/.go/src/k8s.io" "$SCRATCH/home"
[ -L "$tree/.go/src/k8s.io/kubernetes" ] || ln -s ../../.. "$tree/.go/src/k8s.io/kubernetes"
build_start=$(date +%s)
(
  cd "$tree"
  # HOME and GOPROXY=off: no user Go settings, no network; hack/lib/golang.sh puts GOCACHE in the tree.
  export GOPATH="$tree/.go" PATH="/usr/lib/go/bin:$PATH" CGO_ENABLED=0 HOME="$SCRATCH/home" GOPROXY=off
  unset GOFLAGS GO111MODULE GOROOT
  nice -n 15 make WHAT="cmd/kube-apiserver cmd/kube-scheduler" >&2
)
make_secs=$(( $(date +%s) - build_start ))
log "make took $make_secs s"

# 5. Into the cache, atomically.
tmp="$dir.tmp.$$"
rm -rf "$tmp"; mkdir -p "$tmp"
for b in kube-apiserver kube-scheduler; do
  cp "$tree/_output/bin/$b" "$tmp/$b"
  "$tmp/$b" --version >&2 || die "$b --version failed"
done
{ echo "# inputs of this build; built $(date -u +%Y-%m-%dT%H:%M:%SZ), make took $make_secs s"; echo "$inputs"; } >"$tmp/inputs.txt"
rm -rf "$dir"; mv "$tmp" "$dir"
if [ "${KSV_KEEP_SOURCE:-0}" = 1 ]; then
  log "keeping the source tree in $work (KSV_KEEP_SOURCE=1)"
else
  nice -n 15 ionice -c 3 rm -rf "$work"
  log "removed the source tree and its Go cache ($work)"
fi
log "done in $(( $(date +%s) - START )) s: $(du -sh "$dir" | cut -f1) in $dir"
echo "$dir"
