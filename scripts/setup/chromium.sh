# The dev page's browser tests (test/cli/dev-page.test.ts) drive Debian's chromium with playwright-core.
source "$(dirname "$0")/../apt.sh"
apt_install chromium chromium
