"""Journeys of judges and players (issue 18), walked in Debian's Chromium against gunicorn.

Each test is one journey of the issue's list: it does what a person does (types, clicks, taps,
presses keys) and asserts what they would see.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from urllib.parse import urlparse

import pytest

from judge_app.rules import load_library
from judge_app.scenario.examples import examples
from judge_app.web.checker import MAX_SCENARIO

pytestmark = pytest.mark.browser
CONTRAST_JS = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
BAD = "game bss\nturn 5, A, attack step\nA: life 5, reserv 2\n"


def example(name: str) -> str:
    return next(e["text"] for e in examples() if e["name"] == name)


def submit_with_keys(page):
    page.locator("#scenario").focus()
    with page.expect_navigation():
        page.keyboard.press("Control+Enter")


# ------------------------------------------------------------------ 1: the checker can be learned

def test_checker_teaches_itself(page, server):
    page.goto("/check")
    supported = page.locator(".supported").inner_text()
    assert all(t in supported for t in ("Battle Spirits Saga", "Battle Spirits Standard", "Weiss Schwarz"))
    guide = page.locator("#guide-bss")
    assert guide.get_attribute("open") is not None  # open on a first visit
    assert guide.locator(".cheatsheet tbody tr").count() >= 8
    assert guide.locator(".examples a").count() == len([e for e in examples() if e["game"] == "bss"])
    # the reference, rendered
    page.click("text=the scenario language")
    page.wait_for_url(f"{server}/check/language")
    assert page.locator("main h2", has_text="Header").count() == 1
    assert page.locator("main pre").count() > 10
    # the template: load it, check it, get an answer
    page.goto("/check")
    page.click("text=Start from the Battle Spirits Saga template")
    assert page.locator("#scenario").input_value().startswith("# What happens if")
    submit_with_keys(page)
    assert page.locator(".headline").is_visible()
    # a question in plain English gets help and a template with what was recognised
    page.goto("/check")
    page.fill("#scenario", 'My "Ryuman" attacks and my opponent blocks with "Bear" in Battle Spirits Saga. '
                           "Who is destroyed?")
    page.click(".check-form button[type=submit]")
    err = page.locator(".check-error")
    assert "question in words" in err.inner_text()
    assert "line cannot start" not in page.content()
    assert err.locator("a", has_text="Search the rules").get_attribute("href").startswith("/search?q=")
    prefilled = page.locator("#scenario").input_value()
    assert prefilled.startswith("# My \"Ryuman\" attacks") and 'B field: spirit "Bear"' in prefilled
    page.click(".check-form button[type=submit]")
    assert "destroyed" in page.locator(".headline").inner_text()


# ------------------------------------------------------------------ 2: the headline answers

def test_checker_headline_title_share_and_choice(page, server):
    page.goto("/check")
    page.fill("#scenario", example("08-needs-choice"))
    submit_with_keys(page)  # Ctrl+Enter submits
    assert re.search(r"/check\?s=[A-Za-z0-9_-]+$", page.url), page.url  # the address reproduces the answer
    headline = page.locator(".headline").inner_text()
    assert headline.startswith("B must choose")
    assert page.title().startswith("B must choose")
    # the outcome comes before the steps
    assert page.locator(".verdict").bounding_box()["y"] < page.locator(".steps").bounding_box()["y"]
    options = page.locator(".choice .options li").all_inner_texts()
    assert options == ['block with "Wolf"', "no block"] and len(set(options)) == len(options)
    # Share copies the link
    page.click(".share-row button")
    page.wait_for_function("window.__judgeLastCopy !== undefined")
    link = page.evaluate("window.__judgeLastCopy")
    assert link == page.url
    # the link reproduces the answer
    page.goto("/")
    page.goto(link)
    assert page.locator(".headline").inner_text() == headline
    # an ongoing game: what was destroyed comes first, "the game goes on" is a detail
    page.goto("/check")
    page.fill("#scenario", example("04-equal-bp"))
    page.click(".check-form button[type=submit]")
    assert page.locator(".headline").inner_text() == "“Ryuman” and “Bear” are destroyed"
    assert "game goes on" in page.locator(".verdict .detail").inner_text()
    assert page.title().startswith("“Ryuman” and “Bear” are destroyed")


# ------------------------------------------------------------------ 3: errors keep the work

def test_checker_errors_keep_the_text(page, server, browser):
    page.goto("/check")
    assert page.locator("#scenario").get_attribute("maxlength") is None  # nothing is cut silently
    page.fill("#scenario", BAD)
    with page.expect_navigation() as nav:
        page.click(".check-form button[type=submit]")
    assert nav.value.status == 400
    assert page.locator("#scenario").input_value() == BAD
    assert "Line 3, column 12" in page.locator(".check-error").inner_text()
    page.click("text=Go to line 3 in the scenario")
    start = page.evaluate("document.getElementById('scenario').selectionStart")
    assert BAD[start:].startswith("reserv 2")
    # empty
    page.fill("#scenario", "")
    page.click(".check-form button[type=submit]")
    assert "the scenario is empty" in page.locator(".check-error").inner_text()
    assert page.locator("#scenario").is_visible()
    # too large: refused before sending, the text stays
    big = example("04-equal-bp") + ("# " + "x" * 98 + "\n") * 2100
    page.locator("#scenario").evaluate("(e, v) => { e.value = v; e.dispatchEvent(new Event('input')); }", big)
    url = page.url
    page.click(".check-form button[type=submit]")
    note = page.locator("[data-size-note]")
    assert f"at most {MAX_SCENARIO:,}" in note.inner_text() and "Nothing was cut" in note.inner_text()
    assert page.url == url and len(page.locator("#scenario").input_value()) == len(big)
    # (without JavaScript the server answers 413 in the same page, text intact: tests/web/test_journeys.py)
    ctx = browser.new_context(base_url=server, java_script_enabled=False)
    pg = ctx.new_page()
    # a scenario too long for a share link: answered, and the page says why there is no link
    noisy = example("04-equal-bp") + "".join(f"# {secrets.token_hex(40)}\n" for _ in range(70))
    pg.goto("/check")
    pg.fill("#scenario", noisy)
    pg.click(".check-form button[type=submit]")
    assert "too long for a share link" in pg.locator(".share-refused").inner_text()
    assert pg.locator(".headline").is_visible() and pg.locator(".share-row").count() == 0
    ctx.close()


# ------------------------------------------------------------------ 5: /cite

def test_cite_links_every_notation(page, server):
    page.goto("/cite")
    page.fill("#cite-text", "Per CR 7.1.5. Then 9-2-3 to 9-2-4 in bss decide; [[7-1-5-2-1]] too. And CR 7-1-99.")
    page.select_option("select[name=format]", "discord")
    page.click(".cite-form button[type=submit]")
    out = page.locator(".cite-html")
    out.wait_for()  # all_inner_texts does not wait: on a loaded machine it read the form page before the answer
    links = out.locator("a.cite-link")
    assert links.all_inner_texts() == ["CR 7.1.5", "9-2-3 to 9-2-4", "[[7-1-5-2-1]]"]  # full stops outside
    assert links.nth(1).get_attribute("title") == "bss 9-2-3, bss 9-2-4"
    missing = out.locator(".cite-missing")
    assert missing.inner_text() == "CR 7-1-99"
    warning = page.locator(".cite-warning")
    assert "no rule 7-1-99" in warning.inner_text() and warning.locator("a").count() >= 3
    assert page.locator(".cite-out").inner_text().startswith("Per [CR 7.1.5](")
    page.click(".cite-copy button")
    page.wait_for_function("window.__judgeLastCopy !== undefined")
    assert page.evaluate("window.__judgeLastCopy").startswith("Per [CR 7.1.5](")
    links.first.click()
    page.wait_for_url(re.compile(r"/bss/7-1-5$"))


# ------------------------------------------------------------------ 6 and 7: versions and permalinks

def test_old_version_banner(page, server):
    page.goto("/bss@pre-2023-11-21/11-3-1")
    banner = page.locator(".newer-banner")
    assert "This text changed in 1.7.0" in banner.inner_text()
    assert banner.bounding_box()["y"] < page.locator("article.rule h1").bounding_box()["y"]
    current = load_library().document("bss").get("11-3-1").text
    assert current.split("\n")[0][:60] in banner.inner_text()
    banner.locator("a", has_text="Read the current 11-3-1").click()
    page.wait_for_url(f"{server}/bss/11-3-1")
    assert page.locator(".newer-banner").count() == 0


def test_permalinks_pinned_and_copied(page, server):
    page.goto("/bss/7-1-5")
    pinned = page.locator("a.pinned")
    assert pinned.get_attribute("href") == f"{server}/bss@1.7.0/7-1-5"
    page.click("button:has-text('Copy link')")
    page.wait_for_function("window.__judgeLastCopy !== undefined")
    assert page.evaluate("window.__judgeLastCopy") == f"{server}/bss/7-1-5"
    page.click("button:has-text('Copy 1.7.0 link')")
    page.wait_for_function(f"window.__judgeLastCopy === '{server}/bss@1.7.0/7-1-5'")
    # copying a section (a heading without text) copies its rules' text
    page.click('button[data-copy="plain"]')
    text = page.evaluate("window.__judgeLastCopy")
    assert "7-1-5-1 The result of a spirit's attack" in text and "7-1-5-2-1" in text
    pinned.click()
    page.wait_for_url(f"{server}/bss@1.7.0/7-1-5")
    assert "7-1-5" in page.locator("h1").inner_text()


# ------------------------------------------------------------------ 9: contrast, both schemes

CONTRAST_PAGES = ["/", "/bss/7-1-5-2-1", "/bss@pre-2023-11-21/11-3-1", "/search?q=block+step",
                  "/check?example=08-needs-choice", "/check?example=04-equal-bp", "/ws/glossary",
                  "/bss/diff/pre-2023-11-21/1.7.0", "/bss/7-1-99", "/bss", "/check/language",
                  "/cite?text=per+CR+7-1-5+and+CR+7-1-99+and+10.4.1"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_contrast(browser, server, scheme):
    ctx = browser.new_context(base_url=server, color_scheme=scheme, viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    failures = []
    for url in CONTRAST_PAGES:
        pg.goto(url)
        r = pg.evaluate(CONTRAST_JS)
        failures += [f"{url}: {x}" for x in r["text"] + r["borders"]]
    pg.goto("/check")
    pg.fill("#scenario", BAD)
    pg.click(".check-form button[type=submit]")
    assert pg.locator(".check-error .caret").is_visible()
    r = pg.evaluate(CONTRAST_JS)
    failures += [f"check error: {x}" for x in r["text"] + r["borders"]]
    # focus rings, from the keyboard, on the top bar and in the page
    pg.goto("/bss/7-1-5-2-1")
    rings = []
    for _ in range(12):
        pg.keyboard.press("Tab")
        rings.append(pg.evaluate("""() => {
            const el = document.activeElement, s = getComputedStyle(el);
            let bgEl = el.parentElement, bg = 'rgba(0, 0, 0, 0)';
            while (bgEl && (bg = getComputedStyle(bgEl).backgroundColor) === 'rgba(0, 0, 0, 0)') bgEl = bgEl.parentElement;
            if (!bgEl) bg = getComputedStyle(document.body).backgroundColor;
            return [el.tagName + '.' + el.className, s.outlineStyle, s.outlineColor, bg];
        }"""))
    for name, style, color, bg in rings:
        assert style != "none", f"{name} has no focus ring"
        ratio = _ratio(color, bg)
        if ratio < 3:
            failures.append(f"focus ring of {name}: {color} on {bg} = {ratio:.2f}")
    ctx.close()
    assert not failures, "\n".join(failures)


def _ratio(a: str, b: str) -> float:
    def lum(c: str) -> float:
        r, g, bl = (int(float(x)) for x in re.findall(r"[\d.]+", c)[:3])

        def f(v: float) -> float:
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl)

    x, y = lum(a), lum(b)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)


# ------------------------------------------------------------------ 10: phones

TAP = ".crumbs a, .foot a, .refs a, .cited a, .prevnext a, .versions a, .terms a, button, summary"


def test_phone_tap_targets_cards_and_chapters(phone, server):
    for url in ("/bss/7-1-5-2-1", "/bss/11-3-1", "/ws/glossary", "/check?example=08-needs-choice"):
        phone.goto(url)
        small = phone.evaluate(f"""() => Array.from(document.querySelectorAll({TAP!r}))
            .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
            .map(e => {{ const r = e.getBoundingClientRect(); return [e.textContent.trim().slice(0, 30), r.width, r.height]; }})
            .filter(([, w, h]) => w < 24 || h < 24)""")
        assert not small, (url, small)
    # a whole result card is the link: tap its snippet
    phone.goto("/search?q=block+step")
    card = phone.locator(".hit").first
    href = card.locator("a.hit-link").get_attribute("href")
    box = card.locator(".snippet").bounding_box()
    phone.touchscreen.tap(box["x"] + box["width"] - 10, box["y"] + box["height"] / 2)
    phone.wait_for_url(server + href)
    # a chapter number in browse expands the chapter, it does not navigate
    phone.goto("/bss")
    chapter = phone.locator("details.chapter").nth(1)
    assert chapter.get_attribute("open") is None
    chapter.locator(":scope > summary .rid").tap()
    assert chapter.get_attribute("open") is not None
    assert urlparse(phone.url).path == "/bss"


# ------------------------------------------------------------------ 11: glossary

def test_glossary_jump_filter_full_definitions(page, server):
    page.goto("/ws/glossary")
    page.locator(".az a", has_text="S").click()
    assert page.url.endswith("#letter-S")
    entries = page.locator(".term-entry")
    n = entries.count()
    assert page.locator(".term-entry h3.term").count() == n  # every term is a heading
    # merged: one entry for Encore, with both of its definitions
    encore = page.locator(".term-entry", has=page.locator("h3", has_text=re.compile(r"^Encore$")))
    assert encore.count() == 1 and encore.locator(".definition").count() == 2
    # full definitions, not cut
    full = load_library().document("ws").get("8.1.1.2.1").text
    assert len(full) > 240
    activating = page.locator(".term-entry", has=page.locator("h3", has_text=re.compile(r"^activating$")))
    assert " ".join(full.split())[-40:] in " ".join(activating.inner_text().split())
    page.fill("#glossary-q", "encore")
    assert page.locator(".term-entry:visible").count() == 1
    assert "1 of" in page.locator("[data-filter-count]").inner_text()
    page.fill("#glossary-q", "")
    assert page.locator(".term-entry:visible").count() == n


# ------------------------------------------------------------------ 12: diff pages

def test_diff_pages_are_reachable(page, server):
    page.goto("/")
    page.locator(".game-card", has_text="Battle Spirits Saga").locator("a", has_text="What changed").click()
    page.wait_for_url(f"{server}/bss/diff/pre-2023-11-21/1.7.0")
    page.goto("/bss")
    page.click("a.diff-link")
    page.wait_for_url(f"{server}/bss/diff/pre-2023-11-21/1.7.0")
    assert page.title().startswith("What changed: Battle Spirits Saga")
    crumbs = page.locator(".crumbs").inner_text()
    assert "Games" in crumbs and "Battle Spirits Saga" in crumbs
    jump = page.locator(".jump a").first
    target = jump.get_attribute("href")
    jump.click()
    assert page.url.endswith(target)
    first = page.locator(f"{target} li").first
    assert first.locator(".change-title").inner_text().strip()  # a title beside the id


# ------------------------------------------------------------------ 13: compression

def test_pages_arrive_compressed(page, server):
    resp = page.goto("/ws")
    assert resp.headers.get("content-encoding") in ("br", "gzip")
    assert page.locator("details.chapter").count() > 5  # and decode


# ------------------------------------------------------------------ 14: legibility and keys

def test_ids_do_not_wrap_and_previews_keep_lines(phone, server):
    for url in ("/bss/7-1-5-2-1", "/ws/glossary", "/bss/diff/pre-2023-11-21/1.7.0", "/check?example=04-equal-bp"):
        phone.goto(url)
        wrapped = phone.evaluate("""() => Array.from(document.querySelectorAll('.rid, a.ref'))
            .filter(e => e.getClientRects().length > 1).map(e => e.textContent)""")
        assert not wrapped, (url, wrapped)


def test_keys_hints_and_section_preview(page, server, browser, phone):
    page.goto("/bss/7-1-5-2-1")
    assert page.locator("p.kbd-hint").is_visible()
    page.keyboard.press("?")
    help_ = page.locator(".shortcuts")
    assert help_.is_visible() and "Ctrl+Enter" in help_.inner_text()
    page.keyboard.press("Escape")
    assert not help_.is_visible()
    # the preview of a section lists its rules one per line
    page.locator('.main-text a.ref[href="/bss/7-1-6"]').first.hover()
    body = page.locator(".preview .p-body")
    body.wait_for(state="visible")
    assert body.evaluate("e => getComputedStyle(e).whiteSpace") == "pre-line"
    assert len(body.inner_text().strip().splitlines()) >= 2
    # hints are hidden on a touch screen and without JavaScript
    phone.goto("/bss/7-1-5-2-1")
    assert not phone.locator("p.kbd-hint").is_visible()
    ctx = browser.new_context(base_url=server, java_script_enabled=False)
    pg = ctx.new_page()
    pg.goto("/bss/7-1-5-2-1")
    assert not pg.locator("p.kbd-hint").is_visible()
    ctx.close()


# ------------------------------------------------------------------ 15: the page, its JSON twin, the CLI

def test_page_json_twin_and_cli_agree(page, server):
    import json

    from click.testing import CliRunner

    from judge_app.cli import main

    page.goto("/bss@pre-2023-11-21/11-3-1")
    twin = page.locator('link[rel="alternate"][type="application/json"]').get_attribute("href")
    assert twin == "/bss@pre-2023-11-21/11-3-1.json"
    data = page.request.get(twin).json()
    # what the page shows comes from that object
    assert page.locator("article.rule h1 .rid").inner_text() == data["rule"]["id"]
    assert [a.get_attribute("href") for a in page.locator(".crumbs li a").all()][1:] == \
        [b["url"] for b in data["breadcrumb"]]
    assert data["newer"]["url"] == page.locator(".newer-banner a").first.get_attribute("href")
    cli = json.loads(CliRunner().invoke(main, ["rule", "bss", "11-3-1", "--version", "pre-2023-11-21",
                                                "--json"]).output)
    for key in data:
        if key not in ("canonical", "pinned_url", "citation"):  # absolute links: the CLI has no host
            assert cli[key] == data[key], key
