"""A whole hunt played as the Hunters in a real browser, through the app's own controls:
choose in two steps, undo a move, save the game, load it back, and replay it in the
whole-turn stepper (issue 25)."""

from __future__ import annotations

import re

SAVED = ".piratelib-hunt-save"


def actions_so_far(page) -> int:
    """The number of actions the Save line says the game has so far."""
    text = page.locator(SAVED).first.inner_text()
    return int(re.search(r"\((\d+) actions? so far", text.replace("\n", " "))[1])


def after(page, gesture) -> None:
    """Do `gesture` and wait until the game has moved on (the Save line changes)."""
    before = page.locator(SAVED).first.inner_text()
    gesture()
    page.wait_for_function(
        "([selector, before]) => document.querySelector(selector)?.innerText !== before",
        arg=[SAVED, before],
        timeout=120_000,
    )


def choose_file(page, button: str, path) -> None:
    """Press the upload button labelled `button` and choose the file at `path`."""
    with page.expect_file_chooser() as choosing:
        page.get_by_role("button", name=button).first.click()
    choosing.value.set_files(path)


def test_a_whole_hunt_as_the_hunters_with_undo_save_load_and_replay(
    browser, serve_notebook, tmp_path
):
    with serve_notebook("notebooks") as url:
        page = browser.new_page()
        page.goto(f"{url}voila/render/blackbeard_7_playing_the_hunt.ipynb", timeout=180_000)
        page.locator(SAVED).wait_for(timeout=180_000)
        done = page.get_by_role("button", name="Done", exact=True)
        after(page, done.click)  # B: the Hunters end Interviews; Blackbeard's bot plays C
        assert "segment D" in page.locator(".piratelib-hunt-status").inner_text()

        # two steps: what, then where; then take it back
        what = page.locator(".piratelib-hunt-action select")
        assert 1 < what.locator("option").count() <= 12
        what.select_option(label="Jane and Ranger: Sail together")
        page.locator(".piratelib-hunt-where select").select_option(label="Cape Henry")
        moved = actions_so_far(page) + 1
        after(page, page.get_by_role("button", name="Play", exact=True).click)
        assert actions_so_far(page) == moved
        undo = page.get_by_role("button", name="Undo", exact=True)
        assert undo.is_enabled()
        after(page, undo.click)
        assert actions_so_far(page) == moved - 1
        assert "took back" in page.locator(".piratelib-hunt-log").inner_text()

        # play on to the end: Done when offered, else the first action offered
        status = page.locator(".piratelib-hunt-status")
        for _ in range(300):
            if "The game is over" in status.inner_text():
                break
            after(
                page,
                (
                    done
                    if done.is_visible() and done.is_enabled()
                    else page.get_by_role("button", name="Play", exact=True)
                ).click,
            )
        assert "The game is over" in status.inner_text()
        assert "The hunt revealed" in page.locator(".piratelib-hunt-record").inner_text()
        total = actions_so_far(page)

        # save, then load into a new game of the app
        with page.expect_download() as saving:
            page.locator(f"{SAVED} a").first.click()
        saved = tmp_path / "hunt.json"
        saving.value.save_as(saved)
        after(page, page.get_by_role("button", name="New game").click)
        assert actions_so_far(page) < total
        after(page, lambda: choose_file(page, "Load a game", saved))
        assert actions_so_far(page) == total and "The game is over" in status.inner_text()

        # replay it in the whole-turn stepper, from the Hunters' view
        stepper = browser.new_page()
        stepper.goto(f"{url}voila/render/blackbeard_5_a_whole_turn.ipynb", timeout=180_000)
        stepper.locator(".piratelib-turn-where").first.wait_for(timeout=180_000)
        choose_file(stepper, "Step through a saved game", saved)
        stepper.wait_for_function(
            "() => [...document.querySelectorAll('.piratelib-turn-where')]"
            ".some((e) => e.innerText.includes('A saved game (seed 1)'))",
            timeout=60_000,
        )
        stepper.get_by_role("button", name="Hunters", exact=True).first.click()
        stepper.get_by_role("button", name="Forward ▶").first.click()
        stepper.wait_for_function(
            "() => document.querySelector('.piratelib-turn-step')?.innerText.includes('Step 2 of')",
            timeout=60_000,
        )
        page.close()
        stepper.close()
