#!/usr/bin/env bash
# CI: build the repository's Dockerfile with podman (no Docker engine here) and smoke-run the image: /healthz answers,
# the process is not root, the HEALTHCHECK passes, /data is writable, and SIGTERM stops it with exit 0 within 10 s.
# Reuses ../shared/tools/container/smoke.sh (beside the clone), which installs podman/buildah/runc/debootstrap when
# missing and builds a local stand-in for node:24-bookworm-slim. Needs root (apt-get, rootful podman).
# Environment: IMG (tag), PORT (host port), W (work folder, keeps the base image between runs), SMOKE (smoke.sh path).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
started=$SECONDS
SMOKE=${SMOKE:-$repo/../shared/tools/container/smoke.sh}
export IMG=${IMG:-localhost/apar:ci}
export W=${W:-${TMPDIR:-/tmp}/apar-image}
say() { echo "=== $* ($((SECONDS - started))s)"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

[ -f "$SMOKE" ] || fail "$SMOKE not found (CI expects ../shared beside the clone; or set SMOKE=...)"
[ "$(id -u)" = 0 ] || fail "run as root: smoke.sh installs packages with apt-get and runs rootful podman"
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }

# A free loopback port, so that a developer's running apar on 8080/18080 does not collide.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080; }
export PORT=${PORT:-$(free_port)}

say "build and smoke-run (smoke.sh: APP=$repo IMG=$IMG PORT=$PORT)"
APP=$repo bash "$SMOKE"

# smoke.sh leaves the runtime settings this sandbox needs (runc, ulimits) in $W/containers.conf.
export CONTAINERS_CONF=$W/containers.conf
say "image configuration"
inspect() { podman image inspect --format "$1" "$IMG"; }
user=$(inspect '{{.Config.User}}')
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "image USER is '$user' (want a non-root user)"
[ -n "$(inspect '{{if .Config.Healthcheck}}{{.Config.Healthcheck.Test}}{{end}}')" ] || fail "image has no HEALTHCHECK"
inspect '{{json .Config.Volumes}}' | grep -q '"/data"' || fail "image has no VOLUME /data"
ports=$(inspect '{{json .Config.ExposedPorts}}')
for p in 8080/tcp 2525/tcp; do grep -q "\"$p\"" <<<"$ports" || fail "image does not EXPOSE $p"; done
inspect '{{json .Config.Env}}' | grep -q '"APAR_DATA_DIR=/data"' || fail "APAR_DATA_DIR is not /data"
echo "USER=$user HEALTHCHECK, VOLUME /data, EXPOSE 8080 2525, APAR_DATA_DIR=/data: ok"
echo "image size: $(podman images --format '{{.Size}}' "$IMG")"

# smoke.sh reports a failing HEALTHCHECK without failing; here it must pass, and the volume must be writable.
# A fresh named volume on /data/documents, as docker-compose.yml mounts the shared documents, must be writable too.
say "HEALTHCHECK must pass; /data and a volume on /data/documents must be writable by the app user"
name=apar-ci-check
docs=apar-ci-documents
cleanup() { podman rm -f -v "$name" >/dev/null 2>&1 || true; podman volume rm -f "$docs" >/dev/null 2>&1 || true; }
cleanup
trap cleanup EXIT
podman run -d --name "$name" -v "$docs:/data/documents" "$IMG" >/dev/null
healthy=
for _ in $(seq 1 50); do
  if podman healthcheck run "$name" >/dev/null 2>&1; then healthy=1; break; fi
  sleep 0.2
done
[ -n "$healthy" ] || { podman logs "$name" | tail -20; fail "HEALTHCHECK did not pass within 10 s"; }
for dir in /data /data/documents; do
  podman exec "$name" sh -c "touch $dir/.apar-ci-write && rm $dir/.apar-ci-write" || fail "$dir is not writable by the app user"
done
stop_started=$SECONDS
podman stop -t 10 "$name" >/dev/null
code=$(podman inspect --format '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "exit code $code after SIGTERM (137 means it was killed after 10 s)"
echo "HEALTHCHECK healthy, /data and /data/documents writable, SIGTERM -> exit 0 in $((SECONDS - stop_started))s"

say "container smoke OK"
