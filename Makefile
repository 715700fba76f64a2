# Vitrine — `make run` starts the system with demo data, `make test` runs every test.
GO  ?= go
NPM ?= npm

WEB_DEPS := web/node_modules/.installed

.PHONY: run build web deps test test-go test-web test-e2e bench bench-go bench-web chromium ffmpeg clean minio

run: build
	./bin/vitrine serve --demo

build: web
	$(GO) build -o bin/vitrine ./cmd/vitrine

# npm packages, installed again whenever the lock file changes.
$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && $(NPM) install --no-audit --no-fund
	@touch $@

deps: $(WEB_DEPS)
	$(GO) mod download

web: $(WEB_DEPS)
	cd web && $(NPM) run build

test: build test-go test-web test-e2e

# The Go suites run on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
test-go: minio ffmpeg
	@mkdir -p web/dist && ( [ -n "$$(ls -A web/dist)" ] || touch web/dist/.keep )
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 15m ./...

test-web: $(WEB_DEPS)
	cd web && $(NPM) test

# Browser tests drive Debian's Chromium against the real bin/vitrine.
test-e2e: build chromium ffmpeg
	cd web && $(NPM) run e2e

chromium:
	@./scripts/ensure-chromium.sh

# ffmpeg/ffprobe for the video metadata, thumbnails and the sample video.
ffmpeg:
	@./scripts/ensure-ffmpeg.sh

# A MinIO server binary for the S3 storage tests (skipped without one).
minio:
	@./scripts/ensure-minio.sh

# Benchmarks; figures are recorded in docs/performance.md.
bench: bench-go bench-web

bench-go:
	@mkdir -p web/dist && ( [ -n "$$(ls -A web/dist)" ] || touch web/dist/.keep )
	$(GO) test -run '^$$' -bench . -benchtime 1x -timeout 30m ./...

# The console in Chromium against the real bin/vitrine (web/e2e/*.bench.ts).
bench-web: build chromium
	cd web && $(NPM) run bench

clean:
	rm -rf bin web/dist
