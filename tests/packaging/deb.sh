#!/usr/bin/env bash
# Builds the .deb with CPack from a configured and built tree, validates what it installs
# (desktop-file-validate, appstreamcli, lintian), installs it with dpkg into a scratch root, and
# runs the installed kschedviz there: --version, check on an installed sample and lesson, the man
# page, the MIME type. Usage: deb.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(readlink -f "$1")
source=$(readlink -f "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# gzip rather than the release's xz: a minute less for a test that checks what is inside.
(cd "$build" && cpack -G DEB -B "$work/out" -D CPACK_DEBIAN_COMPRESSION_TYPE=gzip > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/kschedviz_*_*.deb)
echo "built $(basename "$deb"): $(du -h "$deb" | cut -f1)"

# Dependencies come from dpkg-shlibdeps: versioned, and the Qt and yaml-cpp libraries among them.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for library in libqt6widgets6 libqt6charts6 libqt6svg6 libqt6network6 libyaml-cpp0.7 libssl3 libc6; do
  grep -qE "(^|, )$library \(>= " <<< "$depends" || fail "Depends has no versioned $library"
done

contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for path in ./usr/bin/kschedviz ./usr/share/applications/io.kschedviz.kschedviz.desktop \
  ./usr/share/metainfo/io.kschedviz.kschedviz.metainfo.xml ./usr/share/mime/packages/io.kschedviz.kschedviz.xml \
  ./usr/share/icons/hicolor/scalable/apps/io.kschedviz.kschedviz.svg ./usr/share/man/man1/kschedviz.1.gz \
  ./usr/share/bash-completion/completions/kschedviz ./usr/share/zsh/vendor-completions/_kschedviz \
  ./usr/share/kschedviz/samples/default.yaml ./usr/share/kschedviz/samples/lessons/01-queues.yaml \
  ./usr/share/kschedviz/samples/configs/ ./usr/share/doc/kschedviz/copyright ./usr/share/doc/kschedviz/changelog.gz; do
  grep -qxF "$path" <<< "$contents" || fail "the package has no $path"
done

# Installed with dpkg into a scratch root of its own (an empty dpkg database: the system's packages
# are not there, so its dependencies are forced; the binary runs on this system's libraries).
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status"
dpkg --root="$root" --log=/dev/null --force-depends --force-not-root -i "$deb" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; exit 1; }
status=$(dpkg --root="$root" -s kschedviz 2>&1) || true
grep -qx "Status: install ok installed" <<< "$status" || fail "dpkg does not list kschedviz as installed"

desktop-file-validate "$root/usr/share/applications/io.kschedviz.kschedviz.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net --pedantic "$root/usr/share/metainfo/io.kschedviz.kschedviz.metainfo.xml" || fail "appstreamcli validate"
# The accepted tags, each with its reason, are in packaging/lintian-accepted-tags.
{ grep -v '^#' "$source/packaging/lintian-accepted-tags" || true; } | cut -d' ' -f1 | { grep . || true; } > "$work/accepted"
lintian --fail-on error,warning --suppress-tags-from-file "$work/accepted" --tag-display-limit 0 "$deb" || fail "lintian"

installed=$root/usr/bin/kschedviz
version=$("$installed" --version)
[[ $version == "kschedviz "*" (models kube-scheduler v1.32, "*"; the default is v1.32)" ]] || fail "--version printed: $version"
"$installed" check "$root/usr/share/kschedviz/samples/default.yaml" > "$work/check.txt" || fail "check on the installed sample"
"$installed" check "$root/usr/share/kschedviz/samples/lessons/01-queues.yaml" > "$work/lesson.txt" || fail "check on the installed lesson"
grep -q "chapter" "$work/lesson.txt" || fail "check on the lesson lists no chapters"
page=$(man -l "$root/usr/share/man/man1/kschedviz.1.gz" 2>/dev/null | col -b) || true
grep -qx "EXPORT" <<< "$page" || fail "man -l on the installed page"

# The MIME type: a scenario is told apart from other YAML by its apiVersion (when its name does not
# already say YAML; docs/packaging.md).
mkdir -p "$work/mime/mime/packages"
cp /usr/share/mime/packages/freedesktop.org.xml "$root/usr/share/mime/packages/io.kschedviz.kschedviz.xml" "$work/mime/mime/packages/"
update-mime-database "$work/mime/mime" > /dev/null 2>&1
cp "$root/usr/share/kschedviz/samples/default.yaml" "$work/scenario"
cp "$source/tests/data/kubectl-dump.yaml" "$work/dump"
type=$(XDG_DATA_DIRS=$work/mime gio info -a standard::content-type "$work/scenario" | sed -n 's/.*content-type: //p') || true
[ "$type" = application/vnd.kschedviz.scenario+yaml ] || fail "a scenario's MIME type is $type"
type=$(XDG_DATA_DIRS=$work/mime gio info -a standard::content-type "$work/dump" | sed -n 's/.*content-type: //p') || true
[ "$type" != application/vnd.kschedviz.scenario+yaml ] || fail "a kubectl dump was taken for a scenario"

[ $failures -eq 0 ] && echo "deb: built, validated, installed and run"
exit $((failures > 0))
