#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs what is missing, builds, then
#   run [ARGS...]  starts the app (default: the bundled sample), or says how to run headless
#   test           builds with -Werror, ASan and UBSan, and runs every test with ctest (after
#                  tests/live/server/build.sh: the real kube-apiserver the live test starts); then
#                  builds the libFuzzer targets with clang and runs each briefly (docs/fuzzing.md)
#   deb            builds build-release/ (Release) and the .deb with CPack (docs/packaging.md)
# .ci/run calls `packaging/bootstrap.sh test`, exactly the README's test command.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# libqt6opengl6-dev is only a Recommends of qt6-base-dev, but Qt6Charts' CMake config needs Qt6OpenGL.
packages=(cmake make g++ pkg-config qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libyaml-cpp-dev libssl-dev libgl-dev xvfb xauth)
# qt6-l10n-tools: lupdate and lrelease, which build the UI's translations (ui/i18n) and test them.
# qt6-translations-l10n: Qt's own strings (standard dialogs, context menus) in the UI's language.
# fonts-wqy-microhei: CJK glyphs for the Chinese UI, which a minimal system draws as boxes otherwise.
packages+=(qt6-l10n-tools qt6-translations-l10n fonts-wqy-microhei)
# qt6-httpserver-dev: Qt's HTTP server, which `kschedviz extender` (the demo scheduler extender,
# docs/extenders.md) serves its verbs with, over HTTP or HTTPS, rather than an HTTP parser of our own.
# qt6-websockets-dev: Qt6HttpServer's CMake package needs it, and Debian's qt6-httpserver-dev does not pull it in.
packages+=(qt6-httpserver-dev qt6-websockets-dev)
jobs=$(nproc 2>/dev/null || echo 2)

install_missing() {
  local missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() { # build DIR [cmake options...]; KSV_TARGET limits the build to one target
  local dir=$1
  shift
  cmake -S . -B "$dir" "$@" >/dev/null
  cmake --build "$dir" -j"$jobs" ${KSV_TARGET:+--target "$KSV_TARGET"}
}

command=${1:-run}
[ $# -gt 0 ] && shift
case "$command" in
run)
  install_missing
  KSV_TARGET=kschedviz build build -DCMAKE_BUILD_TYPE=RelWithDebInfo
  if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec build/app/kschedviz "$@"
  fi
  echo
  echo "There is no display here (DISPLAY and WAYLAND_DISPLAY are unset), so the app cannot open a window."
  echo "The headless equivalent, on the same bundled sample:"
  echo "  build/app/kschedviz check samples/default.yaml"
  build/app/kschedviz check samples/default.yaml
  echo "To see the app without a display, save screenshots of its views:"
  echo "  xvfb-run -a build/app/kschedviz --screenshot screenshots samples/default.yaml"
  ;;
deb)
  # dpkg-dev: dpkg-shlibdeps, which CPack asks for the package's dependencies.
  packages+=(dpkg-dev)
  install_missing
  # Optimised, without tests or sanitizers: what users run. CPack writes build-release/*.deb.
  KSV_TARGET= build build-release -DCMAKE_BUILD_TYPE=Release -DKSV_BUILD_TESTS=OFF
  (cd build-release && cpack -G DEB)
  echo "Install it with: sudo apt install ./$(ls build-release/kschedviz_*.deb)"
  ;;
test)
  # clang and its libFuzzer runtime for tests/fuzz; nothing else needs them.
  packages+=(clang libclang-rt-14-dev)
  # tests/packaging: CPack's dpkg-shlibdeps, the validators (desktop-file-validate, appstreamcli,
  # lintian), zsh to drive the zsh completion, man and col to render the man page, and
  # update-mime-database and gio to check the MIME type.
  packages+=(dpkg-dev desktop-file-utils appstream lintian zsh man-db bsdextrautils shared-mime-info libglib2.0-bin)
  install_missing
  # One build serves both CI requirements: warnings are errors, and every test runs under
  # AddressSanitizer + UndefinedBehaviorSanitizer. Optimised, so the sanitized tests stay quick.
  export QT_QPA_PLATFORM=offscreen
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # The real kube-apiserver and kube-scheduler that live/realapiserver starts: built from Debian's
  # `kubernetes` source package with golang-go (and etcd-server installed) the first time, 10 to 15
  # min on 2 cores, then cached outside the checkout (~/.cache/kschedviz); later runs take < 1 s.
  # The test fails without them, so a failed build stops here.
  KSV_BIN_DIR=$(bash tests/live/server/build.sh | tail -n1)
  export KSV_BIN_DIR
  build build-ci -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DKSV_WERROR=ON -DKSV_SANITIZE=ON
  (cd build-ci && ctest --output-on-failure -j"$jobs")
  # Every fuzz target: its past crashers, then 10 s from its seed corpus (about 9 min cold with the
  # build of build-fuzz; docs/fuzzing.md). The long runs are `bash tests/fuzz/run.sh`.
  bash tests/fuzz/run.sh --seconds 10
  ;;
tsan)
  install_missing
  # The thread boundary under ThreadSanitizer: the engine-thread tests (rapid restarts included),
  # built on their own because TSan and ASan cannot share a build; and Filter and Score spread
  # over threads (the parallelizer, the scheduling tables and every sample run with four threads);
  # node detail blocks read on one thread while another writes them.
  export QT_QPA_PLATFORM=offscreen
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/sanitizers/tsan.supp"
  cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DKSV_TSAN=ON >/dev/null
  cmake --build build-tsan -j"$jobs" --target ui_tst_enginecontroller ui_tst_playback scheduler_tst_parallelize \
    scheduler_tst_scheduleone scheduler_tst_simulation scheduler_tst_nodedetail
  (cd build-tsan && ctest --output-on-failure -R "ui/(enginecontroller|playback)|scheduler/(parallelize|scheduleone|simulation|nodedetail)")
  ;;
*)
  echo "usage: packaging/bootstrap.sh run [kschedviz arguments] | test | tsan | deb" >&2
  exit 2
  ;;
esac
