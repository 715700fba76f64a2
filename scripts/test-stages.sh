#!/bin/sh
# Runs the stages of `make test` and prints how long each took at the end.
# Each argument is a step; stages joined by commas (lint-api,test-web,test-go)
# run side by side, their output shown stage by stage once all of them end.
# The run stops after the first step with a failing stage, as make would.
# Usage: MAKE=make scripts/test-stages.sh build lint-api,test-web,test-go test-e2e
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
  echo "$? $(($(date +%s) - start))" >"$work/$1"
}

for step in "$@"; do
  stages=$(echo "$step" | tr ',' ' ')
  if [ "$stages" = "$step" ]; then
    run "$step"
  else
    for stage in $stages; do
      run "$stage" >"$work/$stage.log" 2>&1 &
    done
    wait
    for stage in $stages; do
      echo "==> $stage"
      cat "$work/$stage.log"
    done
  fi
  for stage in $stages; do
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
