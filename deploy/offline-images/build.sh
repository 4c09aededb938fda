#!/bin/sh
# Stand-ins for the images deploy/compose.yaml and the Dockerfile name (node:20-bookworm-slim,
# postgres:15, redis:7, haproxy:2.6), built from Debian's packages and this machine's Node.js, for a
# machine that reaches Debian's mirror and the npm registry but not Docker Hub (the development
# machine: deploy/docker-test.sh runs compose with them). Where Docker Hub is reachable, do not
# run this: compose pulls the real images. Needs root, debootstrap and Node.js 20 at `command -v node`.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v debootstrap >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
# Debian 12 (bookworm), as the real images are built on.
debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >/dev/null
tar -C "$work/rootfs" -c . | docker import - graphium-offline/debian:bookworm >/dev/null

# Node.js: this machine's binary and npm (the real image's are built from the same release line).
node_bin=$(command -v node)
case "$(node --version)" in v20.*) ;; *) echo "Node.js 20 is needed, found $(node --version)" >&2; exit 1 ;; esac
mkdir -p "$work/node"
cp "$node_bin" "$work/node/node"
cp -r "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$work/node/npm"
cp "$here/node.Dockerfile" "$work/node/Dockerfile"
# This machine's certificate authorities too: its way to the npm registry may pass a proxy that
# signs with its own.
mkdir -p "$work/node/ca"
cp /usr/local/share/ca-certificates/*.crt "$work/node/ca/" 2>/dev/null || true
docker build -q -t node:20-bookworm-slim "$work/node" >/dev/null

for image in postgres:15 redis:7 haproxy:2.6; do
  name=${image%%:*}
  docker build -q -t "$image" -f "$here/$name.Dockerfile" "$here" >/dev/null
done
docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^(node|postgres|redis|haproxy|graphium-offline/debian):'
