"""A word's indexed form (index.stem): irregular verb forms and Porter's step 1b (twenty-fifth round)."""

from __future__ import annotations

import pytest

from judge_app.search.index import stem, stems
from judge_app.search.inflections import BASE


@pytest.mark.parametrize(("form", "base"), [
    ("drew", "draw"), ("drawn", "draw"), ("paid", "pay"), ("chosen", "choose"), ("lost", "lose"),
    ("goes", "go"), ("went", "go"), ("became", "become"), ("taken", "take"), ("won", "win"), ("does", "do"),
    ("lives", "life"), ("halves", "half"),
])
def test_irregular_forms_meet_their_base_form(form: str, base: str) -> None:
    assert stem(form) == stem(base)


@pytest.mark.parametrize(("word", "other"), [
    ("tapped", "tap"), ("tapping", "taps"), ("flipped", "flip"), ("setting", "set"), ("beginning", "begin"),
    ("occurred", "occur"), ("activated", "activate"), ("activating", "activation"), ("added", "add"),
    ("hoping", "hope"), ("discarded", "discard"), ("called", "call"), ("passed", "pass"),
])
def test_step_1b_as_porter_wrote_it(word: str, other: str) -> None:
    assert stem(word) == stem(other)


def test_words_of_their_own_are_not_read_as_a_verb() -> None:
    # a stage position, a noun: not in the table, so not "leave", "find"
    assert not {"left", "found", "saw", "lay", "bound", "ground", "rose"} & set(BASE)
    assert stem("left") != stem("leave")
    assert stem("err") == "err" and stem("need") == stem("needed")


def test_the_index_and_the_query_read_alike() -> None:
    # a rule's text (stems) and a query's word (stem) go through the same function
    assert stems("the card was drawn and the cost paid")[-3:] == [stem("draws"), stem("cost"), stem("pays")]
