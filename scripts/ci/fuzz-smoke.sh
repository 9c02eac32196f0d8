#!/usr/bin/env bash
# A smoke round of the process fuzzers (`scene-fuzz`, Fuzz/README.md)
# through the debug scene-runner: 150 mutated and 150 generated scenes,
# seed 1. Fails on a crash, an exit status the command does not document,
# memory over 1 GiB, JSON Lines that do not parse, DOT with a control
# character, or an input changed by the run; time-outs are listed, not
# failed (some scenes are slow by design).
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "fuzz smoke: 150 mutated and 150 generated scenes"
for fuzzer in mutate generate; do
    .build/debug/scene-fuzz "$fuzzer" --count 150 --seed 1 --runner "$runner" --findings "$work/$fuzzer" \
        --fail-on-finding --fail-kinds status,memory,output,json,dot,input-changed
done
