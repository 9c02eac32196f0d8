#!/usr/bin/env python3
"""Plays with scenes in `scene-runner preview` through headless Chromium and
checks what the page and the server do.

    scripts/check-preview.py RUNNER [--screenshot PNG]

Starts `RUNNER preview Scenes/video-player.yaml --port 0 --record FILE`,
reads the address it prints, and opens it through chromedriver (Debian's
chromium and chromium-driver, Selenium from PyPI). Then, with real mouse
and keyboard events: clicks the play button and waits for its press and
tap in the transcript; drags the volume slider and sees its value change;
types a step in the box that hides the controls and sees them vanish from
the picture; clicks the empty canvas (the video's tap gesture) and sees them
come back; types an expectation and sees it green. On the way: the page
notes that the scene's script is not run; an element reference taken before
the drag is still attached after it (the picture is updated in place); the
inspector follows the slider's value; the header's scene time reaches a
note's that changed nothing drawn; a wrong typed step is named
`<page>:N:C`. Ends the session with SIGINT, runs the recording with `RUNNER run` and compares its transcript
with the session's. Then types into Scenes/login-form.yaml's user name
field, swipes Scenes/paged-content.yaml's paged table and picks a segment,
and toggles Scenes/settings.yaml's switch and steps its stepper up and down.
Saves a copy of Scenes/two-players.yaml with another title, then broken,
then mended, then its component with another title, and sees each reload
(the broken one as its diagnostic in the transcript).
The server's refusals (token, Host, Origin, paths, a port in use) are
Swift tests (PreviewAccessTests, PreviewServerTests). With --screenshot, saves a picture of the page. Exits 1 with
what it saw when something does not hold.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.keys import Keys

from browser import Failure, Preview, chromium, page_errors, wait_until


def again(action):
    """Does `action`, again (up to 5 times) when a new picture replaced the
    element it held between finding it and using it."""
    for _ in range(4):
        try:
            return action()
        except StaleElementReferenceException:
            time.sleep(0.1)
    return action()


def transcript(driver):
    return driver.execute_script("return window.previewStats.transcriptText")


def view(driver, identifier):
    elements = driver.find_elements(By.CSS_SELECTOR, '#picture [data-id="%s"]' % identifier)
    return elements[0] if elements else None


def header_time(driver):
    """The scene time the page's header shows, in seconds (-1 when none)."""
    match = re.search(r"scene time (?:(\d+)m)?([\d.]+)s", driver.find_element(By.ID, "state").text)
    return (int(match.group(1) or 0) * 60 + float(match.group(2))) if match else -1


def wait_for_transcript(driver, pattern, what):
    return wait_until(lambda: re.search(pattern, transcript(driver), re.M), what)


def steps_of(text):
    """The transcript lines of inputs, events and changes, without the header and summary."""
    lines = []
    for line in text.splitlines():
        match = re.match(r"^\s*(\d+\.\d{3}s)\s+(.*)$", line)
        if match and not match.group(2).startswith(("note:", "expect ", "at ")):
            lines.append(match.group(1) + " " + match.group(2).strip())
    return lines


def check_video_player(runner, driver, folder, screenshot):
    recording = os.path.join(folder, "session.yaml")
    preview = Preview(runner, "Scenes/video-player.yaml", "--record", recording)
    try:
        driver.get(preview.url)
        wait_until(lambda: view(driver, "playPause"), "the play button in the picture")
        wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "#inputs button"), "the inputs panel")

        # A click on the play button: pressed, then tapped.
        again(lambda: ActionChains(driver).click(view(driver, "playPause")).perform())
        wait_for_transcript(driver, r"press playPause", "the press in the transcript")
        wait_for_transcript(driver, r"release playPause[\s\S]*playPause sent tap", "the tap in the transcript")

        # The scene's script is not run without --with-script: the page says so.
        wait_until(lambda: "--with-script" in driver.find_element(By.ID, "note").text,
                   "the note that the scene's script is not run")

        # Element references taken before the drag: the pictures after it
        # change the same elements, which stay attached.
        slider_before = view(driver, "volume")
        thumb_before = slider_before.get_attribute("innerHTML")

        # Dragging the volume slider from its left end to its right end.
        def drag():
            slider = view(driver, "volume")
            width = slider.size["width"]
            ActionChains(driver).move_to_element_with_offset(slider, -width // 2 + 2, 0).click_and_hold() \
                .move_by_offset(width // 2, 0).move_by_offset(width // 2 - 4, 0).release().perform()
        again(drag)
        wait_for_transcript(driver, r"slide volume 0\.[0-2]\d*", "a slide near the left end")
        wait_for_transcript(driver, r"volume\.value: [0-9.]+ -> (1|0\.9\d*)$", "the volume near its maximum")
        try:
            if slider_before.get_attribute("data-id") != "volume" or slider_before != view(driver, "volume"):
                raise Failure("the slider's element was replaced by a new picture")
            wait_until(lambda: slider_before.get_attribute("innerHTML") != thumb_before,
                       "the slider's element drawn anew in place")
        except StaleElementReferenceException:
            raise Failure("the slider's element went stale: the picture was replaced, not updated")

        # The inspector shows the slider, and its value after each change.
        again(lambda: ActionChains(driver).move_to_element(view(driver, "volume")).perform())
        wait_until(lambda: "volume (Slider)" in driver.find_element(By.ID, "inspector").text,
                   "the inspector of the slider")
        driver.find_element(By.ID, "step").send_keys("set: { volume.value: 0.25 }", Keys.ENTER)
        wait_until(lambda: re.search(r"\bvalue 0\.25\b", driver.find_element(By.ID, "inspector").text),
                   "the inspector showing the slider's new value")

        # Hovering shows the inspector.
        again(lambda: ActionChains(driver).move_to_element(view(driver, "playPause")).perform())
        wait_until(lambda: "playPause (Button)" in driver.find_element(By.ID, "inspector").text,
                   "the inspector of the play button")

        # A step typed in the box hides the controls: they vanish from the
        # picture. (A tap, as a hand would: `set: { controls.hidden: true }`
        # while the timeout runs would break the scene's invariant 'a running
        # timeout has the controls up', and the recording would not replay.)
        box = driver.find_element(By.ID, "step")
        box.send_keys("tap: backgroundTap", Keys.ENTER)
        wait_for_transcript(driver, r"controls\.hidden: false -> true", "the controls hidden")
        wait_until(lambda: view(driver, "controls") is None, "the controls gone from the picture")

        # The empty canvas is the video: its tap gesture shows them again.
        def click_video():
            picture = driver.find_element(By.CSS_SELECTOR, "#picture svg")
            ActionChains(driver).move_to_element_with_offset(picture, 0, picture.size["height"] // 2 - 10) \
                .click().perform()
        again(click_video)
        wait_for_transcript(driver, r"tap backgroundTap", "the tap on the video")
        wait_until(lambda: view(driver, "controls") is not None, "the controls back in the picture")

        # An expectation typed in the box, green; a wrong one, red.
        box.send_keys("expect: { controls.hidden: false }", Keys.ENTER)
        wait_for_transcript(driver, r"expect controls\.hidden == false: ok", "the expectation's result")
        # The text arrives at once; its rows are drawn at the next animation
        # frame, which a loaded machine may hold back.
        wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "#transcript .ok"),
                   "the expectation that held shown green")
        if screenshot:
            again(lambda: ActionChains(driver).move_to_element(view(driver, "volume")).perform())
            wait_until(lambda: "volume (Slider)" in driver.find_element(By.ID, "inspector").text,
                       "the inspector of the slider")
            driver.save_screenshot(screenshot)
        # A step that changes nothing drawn: the header's time is still
        # the transcript's.
        box.send_keys("note: the time now", Keys.ENTER)
        noted = wait_for_transcript(driver, r"^\s*(\d+\.\d{3})s\s+note: the time now", "the note in the transcript")
        wait_until(lambda: header_time(driver) >= float(noted.group(1)),
                   "the header's scene time at the note's (%ss)" % noted.group(1))
        box.send_keys("tap: nosuchthing", Keys.ENTER)
        wait_for_transcript(driver, r"nosuchthing", "the diagnostic of a wrong step")
        # A typed step is the page's, numbered among the typed steps.
        wait_for_transcript(driver, r"<page>:\d+:6", "the wrong step named as the page's input")

        errors = page_errors(driver)
        if errors:
            raise Failure("the page's script failed: %s" % errors)
    finally:
        status, errors = preview.stop()
    session = preview.text()
    # The wrong step was refused: status 1, as in `live`.
    if status != 1:
        raise Failure("the session ended with status %s, not 1 (a refused step): %s" % (status, errors))
    if not os.path.exists(recording):
        raise Failure("no recording was written: %s" % errors)
    replay = subprocess.run([runner, "run", recording], capture_output=True, text=True)
    if replay.returncode != 0:
        raise Failure("the recording does not replay:\n" + replay.stdout + replay.stderr)
    recorded, replayed = steps_of(session), steps_of(replay.stdout)
    if recorded != replayed[:len(recorded)]:
        for index, (left, right) in enumerate(zip(recorded, replayed)):
            if left != right:
                raise Failure("line %d differs: session '%s', replay '%s'" % (index, left, right))
        raise Failure("the replay has fewer lines (%d) than the session (%d)" % (len(replayed), len(recorded)))
    print("video player: click, drag, hide, show, expect, record and replay (%d lines alike)" % len(recorded))


def check_text_field(runner, driver):
    preview = Preview(runner, "Scenes/login-form.yaml")
    try:
        driver.get(preview.url)
        wait_until(lambda: view(driver, "username"), "the user name field")
        again(lambda: ActionChains(driver).click(view(driver, "username")).perform())
        wait_for_transcript(driver, r"focus username", "the field focused")
        ActionChains(driver).send_keys("ada").perform()
        wait_for_transcript(driver, r'username\.text: "ad" -> "ada"', "the typed text")
    finally:
        preview.stop()
    print("login form: the field typed into")


def check_paged_content(runner, driver):
    preview = Preview(runner, "Scenes/paged-content.yaml")
    try:
        driver.get(preview.url)
        wait_until(lambda: view(driver, "pagedTable"), "the paged table")

        def swipe():
            table = view(driver, "pagedTable")
            ActionChains(driver).move_to_element(table).click_and_hold().move_by_offset(-120, 0).release().perform()
        again(swipe)
        wait_for_transcript(driver, r"swipeLeft pager[\s\S]*pager\.currentPage: 0 -> 1", "the swipe to the second page")

        def pick_second_segment():
            tabs = view(driver, "tabs")
            ActionChains(driver).move_to_element_with_offset(tabs, tabs.size["width"] // 4, 0).click().perform()
        again(pick_second_segment)
        wait_for_transcript(driver, r"select tabs 1", "the second segment picked")
        wait_until(lambda: view(driver, "unpagedTable"), "the unpaged table in the picture")
    finally:
        preview.stop()
    print("paged content: a swipe on the table, a segment picked")


def check_settings(runner, driver):
    """The controls Interface Builder files use: a click toggles the switch,
    a click on the stepper's right half steps up and on its left half down,
    and the image beside the scene is in the picture."""
    preview = Preview(runner, "Scenes/settings.yaml")
    try:
        driver.get(preview.url)
        wait_until(lambda: view(driver, "copies"), "the stepper")
        again(lambda: ActionChains(driver).click(view(driver, "wifi")).perform())
        wait_for_transcript(driver, r"wifi\.isOn: false -> true", "the switch toggled")

        def click_stepper(fraction):
            stepper = view(driver, "copies")
            offset = int(stepper.size["width"] * (fraction - 0.5))
            ActionChains(driver).move_to_element_with_offset(stepper, offset, 0).click().perform()
        again(lambda: click_stepper(0.75))
        wait_for_transcript(driver, r"increment copies[\s\S]*copies\.value: 0 -> 1", "the stepper stepped up")
        again(lambda: click_stepper(0.25))
        wait_for_transcript(driver, r"decrement copies[\s\S]*copies\.value: 1 -> 0", "the stepper stepped down")
        avatar = view(driver, "avatar")
        embedded = avatar.find_elements(By.CSS_SELECTOR, "image") if avatar else []
        if not embedded or not embedded[0].get_attribute("href").startswith("data:image/svg+xml;base64,"):
            raise Failure("the avatar's SVG file is not embedded in the picture")
    finally:
        preview.stop()
    print("settings: the switch toggled, the stepper stepped up and down, the image embedded")


def check_reload(runner, driver, folder):
    """Saves the scene, then a broken version of it, then a mended one, then
    a component it includes: each save reloads the page's scene."""
    scenes = os.path.join(folder, "reload")
    os.makedirs(os.path.join(scenes, "Components"), exist_ok=True)
    scene = os.path.join(scenes, "two-players.yaml")
    component = os.path.join(scenes, "Components", "auto-hiding-controls.yaml")
    with open("Scenes/two-players.yaml", encoding="utf-8") as file:
        original = file.read()
    with open("Scenes/Components/auto-hiding-controls.yaml", encoding="utf-8") as file:
        component_text = file.read()

    def save(path, text):
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)

    def text_of(identifier):
        element = view(driver, identifier)
        return element.get_attribute("textContent") if element else ""

    save(scene, original)
    save(component, component_text)
    preview = Preview(runner, scene)
    try:
        driver.get(preview.url)
        wait_until(lambda: "Resume left" in again(lambda: text_of("resumeLeft")), "the Resume left button")
        save(scene, original.replace("title: Resume left", "title: Go on"))
        wait_until(lambda: "Go on" in again(lambda: text_of("resumeLeft")), "the new title after a save")
        save(scene, original.replace("resumeLeft: { type: Button", "resumeLeft: { type: Buton"))
        wait_for_transcript(driver, r"unknown type 'Buton'", "the broken save's diagnostic")
        save(scene, original)
        wait_until(lambda: "Resume left" in again(lambda: text_of("resumeLeft")), "the scene back after the mend")
        # The component: a longer timeout (so that the right controls stay
        # up) and another title for the right instance's button.
        save(component, component_text.replace("default: 3s", "default: 30s").replace("default: Play", "default: Begin"))
        wait_until(lambda: "Begin" in again(lambda: text_of("right.play")), "the component's new title after its save")
    finally:
        status, errors = preview.stop()
    if status != 0:
        raise Failure("the reloading preview ended with status %d: %s" % (status, errors))
    print("reload: a save, a broken save and its mend, and a component's save, each shown")


def main():
    arguments = sys.argv[1:]
    screenshot = None
    if "--screenshot" in arguments:
        index = arguments.index("--screenshot")
        screenshot = arguments[index + 1]
        del arguments[index:index + 2]
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 64
    runner = arguments[0]
    folder = tempfile.mkdtemp()
    driver = chromium(console=True)
    try:
        check_video_player(runner, driver, folder, screenshot)
        check_text_field(runner, driver)
        check_paged_content(runner, driver)
        check_settings(runner, driver)
        check_reload(runner, driver, folder)
    except Failure as failure:
        print("check-preview: " + str(failure), file=sys.stderr)
        return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
