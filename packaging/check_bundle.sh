#!/usr/bin/env bash
# Build CekiDesk's Linux bundle from this checkout and prove it works (run by .ci/run after the tests;
# about two minutes, most of it PyInstaller):
#
#   packaging/check_bundle.sh [--keep DIR]
#
# 1. builds packaging/cekidesk.spec with PyInstaller (the bundle extra: pip install ".[bundle]"),
#    into a temporary folder (nothing is written into the checkout), and fails on any missing-library
#    warning in its log ("Library not found", "… required via ctypes not found": PyInstaller only
#    warns, and ships a bundle that cannot start where that library is missing);
# 2. checks the bundle's licences against its contents (packaging/licenses.py --check: every file of
#    the folder and every module of its programs belongs to a component listed in its licenses folder,
#    whose texts are there, and every listed component has something in the bundle);
#    then fails on any "not found" of `ldd` over the bundle's programs and shared libraries (resolved as
#    the bundle resolves them at run time: its _internal folder first);
# 3. runs the bundle's self-test (offscreen, from another folder, with a home of its own) and the
#    same self-test from source, and compares their table screenshots pixel by pixel;
#    then checks the bundled cekidesk's --version and its start without a display (its own three lines
#    on standard error, status 1, nothing of Qt's xcb message);
# 4. runs cekidesk-sim from the bundle and from source with the same arguments (plain hands, and an
#    arena of two processes, which the bundle starts by running itself) and compares the reports;
#    then the bundled cekidesk-server with --announce (zeroconf loads; multicast on 127.0.0.1 only);
# 5. starts the bundled app under Xvfb (a display of its own), waits for its start line in its log
#    (polled; a busy machine may take many seconds to get there: up to 3 minutes), then fails unless
#    it is still running 5 s after that line with nothing on standard error and no error in its log;
#    then ends it.  No wait is a bound on speed: each waits for a condition, and the 5 s are a least
#    running time after the app said it started;
# 6. packs the Linux download (packaging/linux/make_tarball.sh), installs its desktop entry under a
#    temporary prefix with its install.sh, and reports the folder's and the tar.gz's size and the
#    build time.
# --keep DIR keeps the bundle folder and the tar.gz there.  PYTHON names the Python to build and to
# run from source with (default: python3); it needs CekiDesk's dependencies and PyInstaller.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
PYTHON="${PYTHON:-python3}"
keep=""
case "${1:-}" in
  --keep) [ $# -eq 2 ] || { echo "check_bundle.sh: --keep needs a folder" >&2; exit 2; }; keep="$2" ;;
  "") ;;
  *) sed -n '4p' "$0" | sed 's/^# *//' >&2; exit 2 ;;
esac
fail() { echo "check_bundle.sh: FAIL: $*" >&2; exit 1; }
step() { echo "check_bundle.sh: $*"; }

for tool in ldd Xvfb; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (see .ci/run for the packages)"
done
"$PYTHON" -c "import PyInstaller" 2>/dev/null \
  || fail "$PYTHON has no PyInstaller: python3 -m pip install \".[bundle]\""

tmp="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
dist="$tmp/dist/CekiDesk"

# -- 1. the build ------------------------------------------------------------------------------------
step "building packaging/cekidesk.spec with PyInstaller $("$PYTHON" -m PyInstaller --version)"
start=$(date +%s)
if ! "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN --distpath "$tmp/dist" \
    --workpath "$tmp/work" packaging/cekidesk.spec >"$tmp/build.log" 2>&1; then
  tail -n 40 "$tmp/build.log" >&2
  fail "PyInstaller could not build the bundle (its log's end is above)"
fi
build_seconds=$(( $(date +%s) - start ))
if grep -iE "library not found|could not resolve|required via ctypes not found|lib[^ ]* not found" \
    "$tmp/build.log" >&2; then
  fail "PyInstaller warned of a missing library (above): install it (see .ci/run) and build again"
fi
[ -x "$dist/cekidesk" ] && [ -x "$dist/cekidesk-sim" ] && [ -x "$dist/cekidesk-selftest" ] && [ -x "$dist/cekidesk-server" ] \
  || fail "the bundle lacks one of cekidesk, cekidesk-sim, cekidesk-selftest and cekidesk-server"
step "built in ${build_seconds} s, no missing-library warning"

# -- 2. the licences, then ldd -----------------------------------------------------------------------
"$PYTHON" packaging/licenses.py --check "$dist" | cut -c1-160 \
  || fail "the bundle's licence list does not match what it holds (above)"
# -- ldd ----------------------------------------------------------------------------------------
missing="$tmp/ldd-missing.txt"
: >"$missing"
checked=0
while IFS= read -r -d '' f; do
  [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = "177ELF" ] || continue
  checked=$((checked + 1))
  LD_LIBRARY_PATH="$dist/_internal" ldd "$f" 2>&1 | grep "not found" | sed "s|^|${f#"$dist"/}: |" >>"$missing" || true
done < <(find "$dist" -type f \( -name "*.so" -o -name "*.so.*" -o -perm -u+x \) -print0)
if [ -s "$missing" ]; then
  cat "$missing" >&2
  fail "ldd finds libraries missing for the bundle (above)"
fi
step "ldd: every library of the $checked programs and shared libraries is found"

# -- 3. the self-test, bundled and from source --------------------------------------------------------
mkdir -p "$tmp/run/home"
home() {   # a command with a home of its own (nothing of the user's read or written), offscreen
  env HOME="$tmp/run/home" XDG_CONFIG_HOME="$tmp/run/home/config" XDG_DATA_HOME="$tmp/run/home/data" \
    XDG_CACHE_HOME="$tmp/run/home/cache" QT_QPA_PLATFORM=offscreen "$@"
}
bundled() {   # one of the bundle's programs, with a home of its own, from an empty folder (no checkout in reach)
  local program="$1"
  shift
  (cd "$tmp/run" && home "$dist/$program" "$@")
}
bundled cekidesk-selftest "$tmp/bundle.png" >"$tmp/selftest-bundle.txt" 2>&1 \
  || { cat "$tmp/selftest-bundle.txt" >&2; fail "the bundle's self-test failed (above)"; }
sed 's/^/  bundle: /' "$tmp/selftest-bundle.txt" | grep -E "ok|FAIL|passed"
home "$PYTHON" -m cekidesk.selftest "$tmp/source.png" >"$tmp/selftest-source.txt" 2>&1 \
  || { cat "$tmp/selftest-source.txt" >&2; fail "the self-test from source failed (above)"; }
home "$PYTHON" -m cekidesk.selftest --compare "$tmp/bundle.png" "$tmp/source.png" \
  || fail "the bundle's table screenshot is not the one the source draws"

# The app's command line without a display: --version prints, and a start says so in its own words
# (not Qt's xcb message), with exit status 1 and no window.
version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' cekidesk/__init__.py)"
[ "$(bundled cekidesk --version 2>&1)" = "CekiDesk $version" ] || fail "the bundled cekidesk --version does not print CekiDesk $version"
status=0
(cd "$tmp/run" && env -u DISPLAY -u WAYLAND_DISPLAY -u XDG_SESSION_TYPE -u QT_QPA_PLATFORM -u LANGUAGE -u LC_ALL \
  -u LC_MESSAGES LANG=C.UTF-8 \
  HOME="$tmp/run/home" XDG_CONFIG_HOME="$tmp/run/home/config" XDG_DATA_HOME="$tmp/run/home/data" \
  XDG_CACHE_HOME="$tmp/run/home/cache" "$dist/cekidesk" >"$tmp/nodisplay.out" 2>"$tmp/nodisplay.err") || status=$?
if [ "$status" != 1 ] || ! grep -q "^cekidesk: CekiDesk cannot open its window" "$tmp/nodisplay.err" \
    || grep -qi "xcb" "$tmp/nodisplay.err"; then
  cat "$tmp/nodisplay.err" >&2
  fail "the bundled cekidesk without a display did not say so in its own words (exit status $status; above)"
fi
step "the bundled cekidesk prints its version, and without a display says so in its own words (status 1)"

# -- 4. cekidesk-sim, bundled and from source ---------------------------------------------------------
for args in "--game ceki --rounds 300 --seed 7" "--game balik-satu --rounds 100 --seed 7" \
            "--arena ceki --levels beginner,normal --hands 20 --seed 7 --jobs 2"; do
  # shellcheck disable=SC2086   (the arguments are split on purpose)
  bundled cekidesk-sim $args >"$tmp/sim-bundle.txt" 2>"$tmp/sim-bundle.err" \
    || { cat "$tmp/sim-bundle.err" >&2; fail "cekidesk-sim $args failed in the bundle (above)"; }
  # shellcheck disable=SC2086
  home "$PYTHON" -m cekidesk.sim $args >"$tmp/sim-source.txt" 2>/dev/null || fail "cekidesk-sim $args failed from source"
  diff "$tmp/sim-source.txt" "$tmp/sim-bundle.txt" >&2 \
    || fail "cekidesk-sim $args: the bundle's report differs from the source's (above)"
  step "cekidesk-sim $args: the same report from the bundle and from source"
done

# -- 4b. the table server, bundled: it listens on a port of its own choosing, announces its tables (zeroconf's
#        compiled modules load: multicast on 127.0.0.1 only, nothing leaves the machine) and stops on SIGTERM --
(cd "$tmp/run" && exec env HOME="$tmp/run/home" "$dist/cekidesk-server" --port 0 --announce --data "$tmp/server-data" \
  >"$tmp/server.out" 2>"$tmp/server.err") &
server_pid=$!
pids+=("$server_pid")
announced() { grep -q "announcing the open tables" "$tmp/server.out" || grep -q "not announced" "$tmp/server.err"; }
for _ in $(seq 600); do announced && break; sleep 0.1; done
grep -q "listening on ws://127.0.0.1:" "$tmp/server.out" && announced \
  || { cat "$tmp/server.out" "$tmp/server.err" >&2; fail "the bundled cekidesk-server did not start listening (above)"; }
if grep -qE "zeroconf package is not installed|Traceback" "$tmp/server.err"; then
  cat "$tmp/server.err" >&2
  fail "the bundled cekidesk-server cannot load zeroconf (above): see the spec's hidden imports"
fi
kill -TERM "$server_pid"
wait "$server_pid" 2>/dev/null || true
step "the bundled cekidesk-server listened on $(grep -o '127.0.0.1:[0-9]*' "$tmp/server.out"), $(grep -ho \
  "announcing the open tables\|not announced on the local network: [a-z ]*" "$tmp/server.out" "$tmp/server.err"), and stopped"

# -- 5. the app under Xvfb ------------------------------------------------------------------------------
exec 3>"$tmp/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
pids+=($!)
exec 3>&-
for _ in $(seq 600); do [ -s "$tmp/display" ] && break; sleep 0.1; done   # (up to 60 s for Xvfb to answer)
display=":$(head -n 1 "$tmp/display")"
[ "$display" != ":" ] || { cat "$tmp/xvfb.log" >&2; fail "Xvfb did not start (above)"; }
mkdir -p "$tmp/app/runtime" && chmod 700 "$tmp/app/runtime"
(cd "$tmp/app" && exec env -u QT_QPA_PLATFORM -u WAYLAND_DISPLAY DISPLAY="$display" HOME="$tmp/app" \
  XDG_RUNTIME_DIR="$tmp/app/runtime" XDG_CONFIG_HOME="$tmp/app/config" XDG_DATA_HOME="$tmp/app/data" \
  XDG_CACHE_HOME="$tmp/app/cache" "$dist/cekidesk" >"$tmp/app.out" 2>"$tmp/app.err") &
app=$!
pids+=("$app")
log="$tmp/app/data/CekiDesk/cekidesk.log"
app_ended() {
  wait "$app" && status=0 || status=$?
  cat "$tmp/app.err" >&2
  fail "the bundled app ended $1 under Xvfb (exit status $status; its standard error is above)"
}
# Wait for the start line (the condition), however long a busy machine takes to get there.
started=""
for _ in $(seq 1800); do
  if grep -q "CekiDesk .* starting" "$log" 2>/dev/null; then started=1; break; fi
  kill -0 "$app" 2>/dev/null || app_ended "before it logged its start"
  sleep 0.1
done
[ -n "$started" ] || fail "the bundled app did not log its start within 3 minutes ($log)"
# Then it must stay up 5 s more (a least running time after its start, not a bound on its speed).
sleep 5
kill -0 "$app" 2>/dev/null || app_ended "within 5 s of its start"
if [ -s "$tmp/app.err" ] || grep -qE "Traceback| ERROR " "$log" 2>/dev/null; then
  cat "$tmp/app.err" >&2
  grep -A 20 -E "Traceback| ERROR " "$log" >&2 || true
  fail "the bundled app wrote to standard error or logged an error (above)"
fi
kill "$app"
wait "$app" 2>/dev/null || true
step "the bundled app started and ran 5 s more under Xvfb ($display) with nothing on standard error and no error logged"

# -- 6. the Linux download -----------------------------------------------------------------------------
tarball="$(PYTHON="$PYTHON" packaging/linux/make_tarball.sh "$dist" "$tmp/out")"
mkdir -p "$tmp/unpacked" && tar -C "$tmp/unpacked" -xzf "$tarball"
folder="$tmp/unpacked/$(basename "$tarball" .tar.gz)"
HOME="$tmp/app" XDG_DATA_HOME="$tmp/prefix/share" "$folder/install.sh" --prefix "$tmp/prefix" >/dev/null
desktop="$(find "$tmp/prefix/share/applications" -name '*.desktop')"
grep -qxF "Exec=$folder/cekidesk %f" "$desktop" || fail "the download's install.sh does not run its own cekidesk"
[ -s "$tmp/prefix/share/icons/hicolor/256x256/apps/$(basename "$desktop" .desktop).png" ] \
  || fail "the download's install.sh installed no icon"
step "$(basename "$tarball"): its install.sh puts the desktop entry (running its own cekidesk) and the icons in place"

size_mb=$(( $(du -sb "$dist" | cut -f1) / 1000000 ))
tar_mb=$(( $(stat -c %s "$tarball") / 1000000 ))
step "bundle: ${size_mb} MB as a folder, ${tar_mb} MB as $(basename "$tarball"); built in ${build_seconds} s"
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  rm -rf "${keep:?}/CekiDesk"
  cp -a "$dist" "$keep/" && cp "$tarball" "$keep/"
  step "kept $keep/CekiDesk and $keep/$(basename "$tarball")"
fi
echo "packaging/check_bundle.sh: all checks passed"
