# Sourced by the setup steps: apt_install PROGRAM PACKAGE... installs the packages when PROGRAM
# is not on PATH (one `apt-get update` per run), as root; otherwise says what to install.
apt_install() {
  local program=$1
  shift
  if command -v "$program" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: $program is missing; install the Debian package(s) $* (as root: apt-get install $*)" >&2
    if [ "${CI:-}" = true ]; then return 1; fi
    return 0
  fi
  if [ ! -e /tmp/.slashkit-apt-updated ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && touch /tmp/.slashkit-apt-updated
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  command -v "$program" >/dev/null 2>&1
}
# A step: scripts/setup/NAME.sh holding
#   source "$(dirname "$0")/../apt.sh"; apt_install redis-server redis-server
