#!/usr/bin/env python3
"""Moves a real pointer over a timeline page in headless Chromium and checks
that the screen beside it shows the scene as drawn at the time under the
pointer.

    scripts/check-timeline-screen.py RUNNER

Writes the timeline of Scenes/video-player.yaml with `RUNNER run --timeline`,
opens it through chromedriver (Debian's chromium and chromium-driver,
Selenium from PyPI), and moves the pointer across the plot: early in the run
the controls are drawn opaque; during their fade (from the first frame at
3.033 s until 3.2 s) they are
drawn ever more transparent. Exits 1 with what
it saw when the screen does not follow.
"""
import os
import re
import subprocess
import sys
import tempfile

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser import chromium, page_errors


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    runner = sys.argv[1]
    folder = tempfile.mkdtemp()
    page = os.path.join(folder, "video-player.html")
    subprocess.run([runner, "run", "--timeline", page, "Scenes/video-player.yaml"], check=True,
                   stdout=subprocess.DEVNULL)
    # A file:// page: the loopback is closed too.
    driver = chromium("--proxy-bypass-list=<-loopback>", console=True)
    try:
        driver.get("file://" + page)
        screen = driver.find_element(By.ID, "screen")
        if not screen.is_displayed():
            print("the screen is not shown on the page", file=sys.stderr)
            return 1
        errors = page_errors(driver)
        if errors:
            print("the page's script failed:", errors, file=sys.stderr)
            return 1
        # Zoom to the fade (2.9 s to 3.3 s) through the page's address form.
        driver.get("about:blank")
        driver.get("file://" + page + "#t=2.9-3.3")
        plot = driver.find_element(By.ID, "plot")
        width = plot.size["width"]

        def hover(fraction):
            ActionChains(driver).move_to_element_with_offset(
                plot, int(width * fraction) - width // 2, 5 - plot.size["height"] // 2).perform()
            time_text = driver.find_element(By.ID, "screenTime").text
            picture = driver.find_element(By.ID, "screenPicture").get_attribute("innerHTML")
            return time_text, picture

        def controls_opacity(picture):
            """The controls' opacity in the picture, 0 when they are not drawn."""
            match = re.search(r'<g data-id="controls"[^>]*>', picture)
            if not match:
                return 0.0
            opacity = re.search(r'opacity="([0-9.]+)"', match.group(0))
            return float(opacity.group(1)) if opacity else 1.0

        failures = []
        seen = []
        for fraction in [i / 60 for i in range(3, 58)]:
            time_text, picture = hover(fraction)
            try:
                seconds = float(time_text.split()[1].rstrip("s"))
            except (IndexError, ValueError):
                failures.append(f"unreadable time {time_text!r}")
                continue
            opacity = controls_opacity(picture)
            seen.append((seconds, opacity))
            if seconds < 2.999 and opacity != 1.0:
                failures.append(f"at {seconds}s, before the fade, the controls' opacity is {opacity}")
            if 3.04 < seconds < 3.18 and not 0.0 < opacity < 1.0:
                failures.append(f"at {seconds}s, in the fade, the controls' opacity is {opacity}")
        fading = [(t, o) for t, o in seen if 3.0 < t < 3.2]
        if len(fading) < 5:
            failures.append(f"only {len(fading)} instants hovered in the fade")
        if any(b[1] > a[1] for a, b in zip(fading, fading[1:])):
            failures.append("the controls grew more opaque while fading out")
        if failures:
            print("\n".join(failures), file=sys.stderr)
            print("seen:", seen, file=sys.stderr)
            return 1
        print(f"timeline screen: followed the pointer over {len(seen)} instants of the fade, "
              f"opacity {fading[0][1]} at {fading[0][0]}s down to {fading[-1][1]} at {fading[-1][0]}s")
        driver.save_screenshot(os.path.join(folder, "screen.png"))
        print("screenshot:", os.path.join(folder, "screen.png"))
        return 0
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
