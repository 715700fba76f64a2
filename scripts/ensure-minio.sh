#!/usr/bin/env bash
# Makes sure a MinIO server binary is at hand for the S3 backend's tests
# (internal/objects/miniotest finds it). Does nothing when one is there;
# otherwise builds it from the Go module proxy, which takes a few minutes
# once. When it cannot be built the S3 tests are skipped, not failed.
set -euo pipefail
dir="${VITRINE_TOOLS:-${HOME:-/root}/.cache/vitrine-tools}"
if [ -n "${MINIO_BIN:-}" ] && [ -x "$MINIO_BIN" ]; then exit 0; fi
if [ -x "$dir/minio" ] || command -v minio >/dev/null 2>&1; then exit 0; fi
mkdir -p "$dir"
echo "Building the MinIO server for the S3 storage tests (once, a few minutes)..."
if ! GOBIN="$dir" GOFLAGS= go install github.com/minio/minio@latest; then
  echo "Could not build MinIO; the S3 storage tests will be skipped." >&2
fi
