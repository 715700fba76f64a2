# Vitrine — `make run` starts the system with demo data, `make test` runs every test.
GO  ?= go
NPM ?= npm

# Go builds without the checkout's path in them. Go's build cache keys a package by its folder
# unless paths are trimmed, so every clean clone (CI makes one per run) compiled the whole
# module again for vet, the test binaries and bin/vitrine; trimmed, the clones of a machine
# share the cache and a clean clone compiles only what changed (docs/performance.md, "The test
# suite's time", 2026-12-05, sixth). Stack traces then name files by module path.
export GOFLAGS := -trimpath $(filter-out -trimpath,$(GOFLAGS))

WEB_DEPS := web/node_modules/.installed

.PHONY: run build web deps tools test test-go test-web test-e2e test-cluster lint-api check-deploy promtool bench bench-go bench-web bench-players bench-storm chromium ffmpeg nginx clean minio oidc-provider

run: build
	./bin/vitrine serve --demo

build: web
	$(GO) build -o bin/vitrine ./cmd/vitrine

# npm packages, installed again whenever the lock file changes.
$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && $(NPM) install --no-audit --no-fund --prefer-offline
	@touch $@

deps: $(WEB_DEPS)
	$(GO) mod download

# The web apps, built again only when a file they are built from changed.
WEB_SOURCES := $(shell find web/src web/public -type f) $(wildcard web/*.html web/*.ts web/tsconfig*.json)
web: web/dist/index.html
web/dist/index.html: $(WEB_DEPS) $(WEB_SOURCES)
	cd web && $(NPM) run build

# Every stage, with the time each took printed at the end. The tools the
# stages need are made sure of beside the build; the checks that need no
# browser run side by side (the Go suites wait on I/O much of the time); the
# browser and cluster stages run alone.
TEST_STAGES := build,tools lint-api,check-deploy,test-web,test-go test-e2e test-cluster
test:
	@MAKE='$(MAKE)' ./scripts/test-stages.sh $(TEST_STAGES)

# The API contract, checked by a standard OpenAPI linter (rules in redocly.yaml).
lint-api: $(WEB_DEPS)
	cd web && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --no-install redocly lint ../api/openapi.yaml --config ../redocly.yaml

# The monitoring of deploy/: the Prometheus alert rules checked and unit-tested by promtool
# (deploy/prometheus/rules_test.yml), and the Grafana dashboard and the rules read against the
# metrics a replica really exports (deploy/deploy_test.go, also part of test-go, whose `go vet`
# checks it with the rest: here -vet=off, as there).
check-deploy: promtool
	promtool check rules deploy/prometheus/rules.yml
	cd deploy/prometheus && promtool test rules rules_test.yml
	$(GO) test -count=1 -vet=off ./deploy/

promtool:
	@./scripts/ensure-promtool.sh

# What the stages need from outside the repository: Debian's packages, a MinIO server and the
# OpenID Provider, side by side (the installs take turns on apt's lock). On a warm machine each
# finds its tool and does nothing. On a fresh one MinIO's build (minutes of both cores) and the
# installs' downloads run beside the build, and the time they take is printed as theirs rather
# than inside test-go's and test-e2e's. A tool that cannot be had does not stop the run here:
# the stage that needs it asks for it again and fails or skips as it did before (on a machine
# without Chromium and without root, the Go and unit tests still run).
tools:
	-@$(MAKE) --no-print-directory -k -j4 minio ffmpeg chromium promtool oidc-provider nginx

# The Go suites run on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. `go vet`
# runs every analyzer first, so `go test` skips its own run of a few of them (-vet=off): on a
# cold build cache that run analysed every dependency again, about 90 s of CPU (docs/performance.md,
# "The test suite's time", 2026-12-05, eighth).
test-go: minio ffmpeg oidc-provider
	$(GO) vet ./...
	VITRINE_REQUIRE_TOOLS=1 $(GO) test -count=1 -vet=off -timeout 15m ./...

test-web: $(WEB_DEPS)
	cd web && $(NPM) run lint
	cd web && npx --no-install tsc -p e2e/tsconfig.json --noEmit
	cd web && $(NPM) test

# Browser tests drive Debian's Chromium against the real bin/vitrine.
test-e2e: build chromium ffmpeg oidc-provider
	cd web && $(NPM) run e2e

# The cluster recipe of deploy/ run on loopback: a fresh PostgreSQL database (TEST_DATABASE_URL's
# server, else postgres@127.0.0.1:5432), MinIO, two replicas of bin/vitrine and nginx with
# deploy/nginx/vitrine.conf; a smoke flow and a rolling restart through the balancer. Says
# 'test-cluster: skipped (…)' when nginx, MinIO or PostgreSQL is not at hand.
test-cluster: build minio
	@if ./scripts/ensure-nginx.sh; then $(GO) run ./cmd/vitrine-cluster; \
	else echo "test-cluster: skipped (nginx is not installed and cannot be installed here)"; fi

nginx:
	@./scripts/ensure-nginx.sh

chromium:
	@./scripts/ensure-chromium.sh

# ffmpeg/ffprobe for the video metadata, thumbnails and the sample video.
ffmpeg:
	@./scripts/ensure-ffmpeg.sh

# A MinIO server binary for the S3 storage tests (skipped without one).
minio:
	@./scripts/ensure-minio.sh

# The OpenID Provider the single sign-on tests sign in through (docs/sso.md, "Tests").
oidc-provider:
	@./scripts/ensure-oidc-provider.sh

# Benchmarks; figures are recorded in docs/performance.md ("Current figures", then each
# measure's history).
bench: bench-go bench-web bench-players

bench-go:
	$(GO) test -run '^$$' -bench . -benchtime 1x -timeout 30m ./...

# The console in Chromium against the real bin/vitrine (web/e2e/*.bench.ts).
bench-web: build chromium
	cd web && npx --no-install vitest bench --run src/lib/playback
	cd web && $(NPM) run bench

# PLAYERS real WebSocket players against bin/vitrine, from a process of their own (open files are
# capped per process; the generator says so and connects fewer when the cap is lower). SQLite by
# default; PLAYERS_FLAGS='-database postgres://… -replicas 2' for PostgreSQL and two replicas.
PLAYERS ?= 10000
PLAYERS_FLAGS ?=
bench-players: build
	$(GO) run ./cmd/vitrine-loadgen -players $(PLAYERS) $(PLAYERS_FLAGS)

# A reconnect storm (docs/performance.md, "Players: reconnect storm"): STORM=kill or drop (two
# replicas on PostgreSQL behind nginx; STORM_FLAGS='-database postgres://…') or restart (one
# SQLite server restarted). Players in worker processes of up to 9,000 each.
STORM ?= restart
STORM_FLAGS ?=
bench-storm: build nginx
	$(GO) run ./cmd/vitrine-loadgen -storm $(STORM) -players $(PLAYERS) $(STORM_FLAGS)

clean:
	rm -rf bin web/dist/*
