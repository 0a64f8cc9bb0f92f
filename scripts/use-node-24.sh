#!/usr/bin/env bash
# Source this file (". scripts/use-node-24.sh") to run the rest of a shell script on Node.js 24 LTS,
# the project's runtime (.nvmrc). Where the machine's node is older, the official Linux build is
# taken from the npm registry's node-linux-<arch> package (the binary ships inside the package, so
# no other download is needed) and kept in ~/.cache/carematch-node for the next run.
_want_major=24
_want_version="$(tr -d ' \nv' <"$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
_have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_have_major" != "$_want_major" ]; then
  case "$(uname -m)" in
    x86_64) _arch=x64 ;;
    aarch64 | arm64) _arch=arm64 ;;
    *) echo "use-node-24: no Node.js build for $(uname -m); install Node.js $_want_major yourself" >&2; return 1 ;;
  esac
  _dir="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/carematch-node/node-linux-$_arch-$_want_version"
  if [ ! -x "$_dir/bin/node" ]; then
    echo "use-node-24: fetching node-linux-$_arch@$_want_version from the npm registry" >&2
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "node-linux-$_arch@$_want_version" >/dev/null)
    mkdir -p "$_dir"
    tar -xzf "$_tmp"/node-linux-"$_arch"-*.tgz -C "$_dir" --strip-components=1
    rm -rf "$_tmp"
  fi
  export PATH="$_dir/bin:$PATH"
fi
echo "use-node-24: node $(node --version), npm $(npm --version)" >&2
unset _want_major _want_version _have_major _arch _dir _tmp
