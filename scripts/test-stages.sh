#!/bin/sh
# Runs the stages of `make test` and prints how long each took at the end.
# Each argument is a step; stages joined by commas (lint-api,test-web,test-go)
# run side by side, their output shown stage by stage once all of them end.
# Stages joined by '+' (test-web+test-e2e) run one after the other within
# their place in the step; a later one runs only if the one before passed.
# The run stops after the first step with a failing stage, as make would.
# Usage: MAKE=make scripts/test-stages.sh build lint-api,test-web+test-e2e,test-go test-cluster
set -u
MAKE=${MAKE:-make}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
failed=
begin=$(date +%s)

# run STAGE: runs one make target, writing "<status> <seconds>" to $work/STAGE.
run() {
  start=$(date +%s)
  $MAKE --no-print-directory "$1"
  code=$?
  echo "$code $(($(date +%s) - start))" >"$work/$1"
  return "$code"
}

# chain A+B+…: runs its stages in turn until one fails.
chain() {
  for stage in $(echo "$1" | tr '+' ' '); do
    run "$stage" || return
  done
}

for step in "$@"; do
  places=$(echo "$step" | tr ',' ' ')
  if [ "$places" = "$step" ]; then
    chain "$step"
  else
    for place in $places; do
      chain "$place" >"$work/$place.log" 2>&1 &
    done
    wait
    for place in $places; do
      echo "==> $place"
      cat "$work/$place.log"
    done
  fi
  for stage in $(echo "$places" | tr '+' ' '); do
    [ -f "$work/$stage" ] || continue # after a failed stage of its chain
    read -r code seconds <"$work/$stage"
    echo "$stage $seconds" >>"$work/times"
    if [ "$code" -ne 0 ]; then
      status=$code
      failed="$failed $stage"
    fi
  done
  [ "$status" -eq 0 ] || break
done

echo
echo "make test — time per stage (stages side by side overlap):"
while read -r stage seconds; do
  printf '  %-13s %3dm%02ds\n' "$stage" $((seconds / 60)) $((seconds % 60))
done <"$work/times"
total=$(($(date +%s) - begin))
printf '  %-13s %3dm%02ds\n' total $((total / 60)) $((total % 60))
[ "$status" -eq 0 ] || echo "make test: failed in$failed"
exit "$status"
