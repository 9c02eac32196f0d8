#!/usr/bin/env bash
# `scene-runner live` through a pipe: the first tap hides the controls, the
# second (a second later) shows them; 3 s after it they fade out and hide
# by themselves, and the session ends at the end of input once nothing is
# pending (well before --duration). The recording it writes replays to the
# same inputs, events and changes at the same times.
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "scene-runner live: taps through a pipe; the controls hide by themselves; the recording replays the session"
{ printf 'tap: backgroundTap\n'; sleep 1; printf 'tap: backgroundTap\n'; } |
    "$runner" live Scenes/video-player.yaml --duration 20s --record "$work/session.yaml" >"$work/live.txt"
cat "$work/live.txt"
tail -n 12 "$work/live.txt" | grep -q 'timeout sent timedOut' || fail "the timeout did not fire after the last tap"
[ "$(grep 'controls.hidden' "$work/live.txt" | tail -1 | sed 's/.*controls.hidden: //')" = "false -> true" ] ||
    fail "the controls did not end hidden"
"$runner" run "$work/session.yaml" >"$work/replay.txt"
grep -q ' 0 failed, virtual time ' "$work/replay.txt" || fail "the replay's expectations failed"
# The same inputs, events and changes at the same times (the replay adds
# its at: steps, a note and the expectations).
happenings() { grep -E '^ +[0-9]+\.[0-9]{3}s  ' "$1" | grep -vE 's  (at |note: |expect )' || true; }
diff <(happenings "$work/live.txt") <(happenings "$work/replay.txt") ||
    fail "the recording of the live session did not replay it"
echo "live: $(happenings "$work/live.txt" | wc -l) inputs, events and changes replayed"
