#!/usr/bin/env bash
# Makes sure an OpenID Provider binary is at hand for the single sign-on
# tests (internal/auth/oidctest finds it): the example OpenID Provider of
# github.com/zitadel/oidc, an open-source, certified OpenID Connect
# implementation. It serves discovery, JWKS, authorization (with its own
# login page), token and userinfo; its users come from a JSON file
# (USERS_FILE), its redirect URIs from REDIRECT_URI, its port from PORT, and
# it signs with a key made at each start (a restart rotates the key).
# Does nothing when it is there; otherwise builds it from the Go module
# proxy (about 15 seconds once) into a cache folder outside the repository.
set -euo pipefail
version="v3.52.0"
dir="${VITRINE_TOOLS:-${HOME:-/root}/.cache/vitrine-tools}"
bin="$dir/oidc-provider-$version"
if [ -n "${OIDC_PROVIDER_BIN:-}" ] && [ -x "$OIDC_PROVIDER_BIN" ]; then exit 0; fi
if [ -x "$bin" ]; then exit 0; fi
mkdir -p "$dir"
echo "Building the OpenID Provider for the single sign-on tests (once, a few seconds)..."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if GOBIN="$tmp" GOFLAGS= go install "github.com/zitadel/oidc/v3/example/server@$version"; then
  mv "$tmp/server" "$bin"
else
  echo "Could not build the OpenID Provider; the single sign-on tests cannot run." >&2
  exit 1
fi
