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
# Built without the compiler's optimizations and the linker's debug tables: the tests
# ask it for a few small objects, which it serves about as fast (TestMediaOnS3 1.2 s
# against 1.1 s), and the build takes 30 % less CPU (321 s against 462 s on a 2-core machine;
# docs/performance.md, "The test suite's time", 2026-12-05, seventh).
if ! GOBIN="$dir" GOFLAGS= go install -ldflags='-s -w' -gcflags='all=-N -l' github.com/minio/minio@latest; then
  echo "Could not build MinIO; the S3 storage tests will be skipped." >&2
fi
