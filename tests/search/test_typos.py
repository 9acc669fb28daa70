"""The typo corrector (query.Speller) on made-up lexicons: which correction comes first, and why."""

from __future__ import annotations

from judge_app.search.query import Speller, _sound


def _speller(**df: int) -> Speller:
    return Speller(dict(df), english=frozenset())


def first(sp: Speller, word: str) -> str:
    return sp.candidates(word)[0][0]


def test_how_a_word_sounds_is_its_consonants():
    assert _sound("vail") == _sound("vale") == "vl"
    assert _sound("tripes") == _sound("trypes") == "trps"
    assert _sound("phlont") == _sound("flont")
    assert _sound("brock") == _sound("brok") == _sound("broc")
    assert _sound("mibble") == "mbl"
    assert _sound("vail") != _sound("vain")


def test_at_the_same_distance_the_word_that_sounds_the_same_comes_first():
    # "tripes": one letter from both; "trypes" only changes a vowel, "trimes" a consonant (and is more frequent)
    sp = _speller(trimes=90, trypes=2)
    assert first(sp, "tripes") == "trypes"
    # a dropped letter keeps the sound, a changed last letter does not ("when destroyd" is "destroyed")
    sp = _speller(grombs=90, grombed=2)
    assert first(sp, "grombd") == "grombed"


def test_a_short_word_two_vowels_away_is_read_when_it_sounds_the_same():
    # "vail" is one letter from "vain" but sounds like "vale" (two edits: only vowels moved)
    sp = _speller(vain=90, vale=2)
    assert [w for w, _ in sp.candidates("vail")] == ["vale", "vain"]


def test_the_nearer_sound_alike_wins_and_no_further_one_is_offered():
    # "tovn": "toven" one letter away and "taven" two, both sounding alike: only the nearer one
    sp = _speller(taven=90, toven=2)
    assert [w for w, _ in sp.candidates("tovn")] == ["toven"]


def test_two_edits_of_another_sound_are_still_too_far_for_a_short_word():
    sp = _speller(vorm=5)
    assert sp.candidates("valn") == []  # "valn" -> "vorm": two edits, other consonants
    assert sp.candidates("vrn") == []   # three letters: one edit only, sound or not


def test_a_typed_f_may_be_the_documents_ph():
    # "flonge" for "phlonge", over a one-letter change of another sound
    sp = _speller(phlonge=3, flonte=80)
    assert first(sp, "flonge") == "phlonge"
    sp = _speller(frask=3)
    assert first(sp, "phrask") == "frask"


def test_a_keyboard_slip_still_breaks_ties_between_sound_alikes():
    # "blick": "block" (o and i are neighbouring keys) before "black" (a and i are not); both sound "blk"
    sp = _speller(black=90, block=10)
    assert first(sp, "blick") == "block"


def test_a_word_with_nothing_one_edit_away_is_not_made_a_typo_by_its_sound():
    # "moku" (a name, say) is two edits from "make" and sounds like it, but nothing is one edit away
    sp = _speller(make=500)
    assert sp.candidates("moku") == []


def test_an_inflection_of_a_common_english_word_is_a_real_word():
    """"blorps", "snibbed", "maving" inflect English words the rules never say: searched as typed, never read
    as the rules' nearest word ("boosts" is not "booster", "binned" not "banned")."""
    sp = Speller({"blorpy": 5, "snibby": 5, "maver": 5, "zorks": 5},
                 english=frozenset({"blorp", "snib", "mave", "numb", "the"}))
    for w in ("blorps", "snibbed", "maving", "maves", "blorper", "maved"):
        assert sp.real(w), w
    assert not sp.real("zork")      # no English word under it
    assert not sp.real("thes")      # a stop word's "forms" are no words
    assert not sp.real("blorpz")
    # English doubles a last consonant only after one short vowel, and drops a last "e": these are typos
    assert not sp.real("numbber") and not sp.real("blorpped") and not sp.real("maveed")
    from judge_app.search.query import SynonymTable, analyze

    an = analyze("my blorps and the zorkz", sp, SynonymTable())
    assert "blorps" not in an.corrections and an.corrections.get("zorkz") == "zorks"


def test_a_slip_of_the_first_letter_to_a_neighbouring_key_is_read_when_nothing_else_is_near():
    """A phone keyboard: "vlorp" (v is next to b) is "blorp" when no word starting with "v" is near; the first
    two letters swapped likewise. A word its own first letter reaches is corrected as before."""
    sp = _speller(blorp=5, glorp=9, vlorx=1)
    assert sp.candidates("vlorp")[0][0] == "vlorx"          # its own first letter reaches a word: that one
    sp = _speller(blorp=5, glorp=9)
    assert [w for w, _ in sp.candidates("vlorp")] == ["glorp", "blorp"]  # both neighbours of "v": the more frequent
    assert first(sp, "lborp") == "blorp"
    assert sp.candidates("plorp") == []                     # "p" is no neighbour of "b" or "g"
    assert sp.candidates("vlo") == []                       # too short to guess


def test_a_word_two_edits_away_is_a_sound_alike_only_when_as_long():
    """A correction two edits away is taken for its sound only when it is as long as the typed word (vowels mixed
    up, "vail" -> "vale"): "rodaw" (a dropped "r") is "rodraw", one edit away, not "rod", which sounds alike."""
    sp = _speller(vorm=90, vo=50)
    assert sp.candidates("vorma")[0][0] == "vorm"
    sp = _speller(rodraw=5, rod=90)
    assert first(sp, "rodaw") == "rodraw"   # one edit (a dropped "r"), not "rod" two edits away that sounds alike
