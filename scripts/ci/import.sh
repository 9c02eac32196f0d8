#!/usr/bin/env bash
# `scene-runner import` on real Interface Builder files: every file of
# ../shared/interface-builder (or $IB_FILES_DIR; 59 unmodified storyboards
# and xibs from public repositories, not in the repository) is imported,
# each written scene checked and, when valid, rendered. It fails on a crash
# (a status import does not document), on a refused file that is not a
# macOS document, and on a written scene that render cannot draw. A written
# scene that check refuses (a required outlet the app sets in code) is
# expected: import exits 2 for it, as check would.
#
# Then the seeds' own files run, completed by scenes written here (never
# kept in the repository, whose tests cannot rely on ../shared): the
# TimeoutController storyboard, included by a scene with a script, hides
# its controls 3 s after the last touch, keeps them up while the slider is
# held and comes back on a tap; the AuthView xib (the newest version kept,
# 705dc3a, saved by Xcode 7.3), completed with an authenticator through
# `set:`, shakes the empty user name field on login.
source "$(dirname "$0")/common.sh"
need_runner
files=${IB_FILES_DIR:-../shared/interface-builder}
step "import: every Interface Builder file of $files imported, checked and drawn"
if [ ! -d "$files" ]; then
    echo "import: $files is missing; skipped (CI has it at ../shared)"
    exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
imported=0 refused=0 drawn=0
for file in "$files"/*.storyboard "$files"/*.xib; do
    status=0
    "$runner" import "$file" -o "$out/scenes" >"$out/log" 2>&1 || status=$?
    case $status in
        0 | 2) ;;
        *) cat "$out/log" >&2; fail "$file: import exited $status" ;;
    esac
    if grep -q ": not imported$" "$out/log"; then
        grep -q 'com.apple.InterfaceBuilder3.Cocoa\.' "$file" ||
            { cat "$out/log" >&2; fail "$file: refused, but it is not a macOS document"; }
        refused=$((refused + 1))
        continue
    fi
    imported=$((imported + 1))
    # Each valid written scene ('PATH: ok (...)') is drawn.
    while IFS= read -r scene; do
        expect_status 0 "$runner" render "$scene" -o "$out/picture.svg"
        drawn=$((drawn + 1))
    done < <(sed -n 's/^\(.*\.yaml\): ok (.*$/\1/p' "$out/log")
    rm -rf "$out/scenes"
done
echo "import: $imported files imported, $refused macOS files refused, $drawn scenes drawn"

step "import: the seeds' storyboard and xib, imported and completed, run their scripts"
seeds="$out/seeds"
timeout_file="$files/shaps80+TimeoutController+TimeoutController+Base.lproj+Main.storyboard"
auth_file="$files/ilyapuchka+ViewControllerThinning+ViewControllerThinning+Views+Auth+AuthView@705dc3a.xib"
[ -f "$timeout_file" ] || fail "$timeout_file is missing"
[ -f "$auth_file" ] || fail "$auth_file is missing"
expect_status 0 "$runner" import "$timeout_file" -o "$seeds"
# The AuthView's form gets its authenticator in code: check refuses the
# written file alone (exit 2), and the including scene completes it.
expect_status 2 "$runner" import "$auth_file" -o "$seeds"
auth_scene=$(basename "$auth_file" .xib).yaml
[ -f "$seeds/ViewController.yaml" ] || fail "the TimeoutController storyboard did not give ViewController.yaml"
[ -f "$seeds/$auth_scene" ] || fail "the AuthView xib did not give $auth_scene"
cat >"$seeds/timeout-seed.yaml" <<'YAML'
scene: TimeoutController seed
description: The seed's Main.storyboard, imported and included as it is, driven by a script.
objects:
  player:
    include: ViewController.yaml
script:
  - note: a touch on the play button, then nothing; the controls hide 3 s later
  - wait: 1s
  - tap: player.playPauseButton
  - wait: 2.8s
  - expect: { player.viewToHide.hidden: false }
  - wait: 0.5s
  - expect: { player.viewToHide.hidden: true }
  - note: a tap brings them back
  - tap: player.tapGesture
  - wait: 0.3s
  - expect: { player.viewToHide.hidden: false }
  - note: held on the slider, they stay up past the timeout; 3 s after the release they hide
  - press: player.volumeSlider
  - wait: 5s
  - expect: { player.viewToHide.hidden: false }
  - release: player.volumeSlider
  - wait: 2.8s
  - expect: { player.viewToHide.hidden: false }
  - wait: 0.5s
  - expect: { player.viewToHide.hidden: true }
  - tap: player.tapGesture
  - wait: 0.3s
  - expect: { player.viewToHide.hidden: false }
YAML
cat >"$seeds/auth-seed.yaml" <<YAML
scene: AuthView seed
description: The seed's AuthView.xib, imported and included as it is, completed with an authenticator.
objects:
  auth: { type: CredentialAuthenticator }
  authView:
    include: "$auth_scene"
    set: { formBehaviour.authenticator: auth }
script:
  - note: a login with an empty user name shakes that field, and only it
  - tap: authView.loginButton
  - expect: { authView.formBehaviour.failure: emptyUsername, authView.userNameInput.invalidInput: true }
  - expect: { authView.userNameInputShakeAnimation.playing: true, authView.passwordInputShakeAnimation.playing: false }
  - expect: { auth.requests: 0 }
YAML
for scene in timeout-seed:7 auth-seed:5; do
    name=${scene%%:*} count=${scene##*:}
    status=0
    "$runner" run "$seeds/$name.yaml" >"$out/log" 2>&1 || status=$?
    cat "$out/log"
    [ "$status" -eq 0 ] || fail "$name.yaml: run exited $status, not 0"
    grep -q ": $count expectations, $count passed, 0 failed," "$out/log" ||
        fail "$name.yaml: not all of its $count expectations were checked and passed"
done
echo "import: the seeds' scenes ran"
