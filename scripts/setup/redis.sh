# redis-server for the shared rate-limit store tests (test/rest/redis.test.ts).
source "$(dirname "$0")/../apt.sh"
apt_install redis-server redis-server
