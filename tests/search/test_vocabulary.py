"""Per-game vocabulary: every entry checked against the documents; expansions apply per game."""

import tomllib

import pytest

from judge_app.rules import load_library
from judge_app.search.query import VOCABULARY_DIR, analyze, default_synonyms, phrase_key
from judge_app.search.vocabulary import check, game_vocabularies, resolve


@pytest.fixture(scope="module")
def vocabs():
    return game_vocabularies(load_library(), default_synonyms())


def test_every_game_has_a_vocabulary_file():
    games = set(load_library().games)
    files = {tomllib.loads(p.read_text(encoding="utf-8"))["game"] for p in VOCABULARY_DIR.glob("*.toml")}
    assert files == games


def test_every_entry_matches_the_documents(vocabs):
    """Each target occurs in its game's document; no word mapped from is already the game's term."""
    assert check(default_synonyms(), vocabs) == []


def test_every_file_maps_something_that_applies(vocabs):
    table = resolve(default_synonyms(), vocabs)
    for p in VOCABULARY_DIR.glob("*.toml"):
        data = tomllib.loads(p.read_text(encoding="utf-8"))
        game = data["game"]
        for m in data["map"]:
            for w in m["from"]:
                exps = table.by_key.get(phrase_key(w), [])
                assert any(game in g for e in exps for g in e.valid), (game, w)


def test_check_reports_bad_entries(vocabs, tmp_path):
    from judge_app.search.query import SynonymTable

    p = tmp_path / "bss.toml"
    p.write_text('game = "bss"\n[[map]]\nfrom = ["chain", "zorblax"]\nto = ["frobnicated widget"]\n', encoding="utf-8")
    problems = check(SynonymTable.load(p), vocabs)
    assert any("'chain' is already a term" in x for x in problems)
    assert any("'frobnicated widget'" in x and "does not occur" in x for x in problems)


def _alts(an, word):
    for c in an.concepts:
        if c.alts[0].words == phrase_key(word):
            return c.alts
    raise AssertionError(f"{word} not in {an.labels}")


def test_expansion_only_where_the_target_exists_and_the_word_is_not_a_term(vocabs):
    table = resolve(default_synonyms(), vocabs)
    # "chain" is a keyword effect of Battle Spirits Saga: not expanded there ...
    bss = analyze("chain", None, table, scope=frozenset({"bss"}))
    assert [a.words for a in _alts(bss, "chain")] == [phrase_key("chain")]
    # ... but it is Yu-Gi-Oh's stack elsewhere
    std = analyze("chain", None, table, scope=frozenset({"bs-standard"}))
    assert len(_alts(std, "chain")) > 1
    # "refresh" is Weiss Schwarz's reshuffle: never read as "stand" there
    ws = analyze("refreshed", None, table, scope=frozenset({"ws"}))
    assert all(a.words != phrase_key("standing") for a in _alts(ws, "refreshed"))
    # graveyard: each game's own zone, and only in that game when unscoped
    allg = analyze("graveyard", None, table, scope=None)
    where = {a.words: a.games for a in _alts(allg, "graveyard")[1:]}
    assert where[phrase_key("waiting room")] == frozenset({"ws"})
    assert where[phrase_key("discard pile")] == frozenset({"monster"})
    assert where[phrase_key("trash")] == frozenset({"bss", "bs-standard"})


def test_contractions_and_possessives_leave_no_stray_letters():
    an = analyze("don't the spirit's players' can't it's", None, default_synonyms())
    assert all(len(w) > 1 for w in an.tokens), an.tokens
    assert "cannot" in an.tokens and "spirit" in an.tokens


def test_question_forms_are_recognised():
    an = analyze("how many cards can I have in my hand", None, default_synonyms())
    assert "count" in an.intents and "permission" in an.intents
    assert "question" in an.interpreted_as


def test_derivations_joined(svc):
    an = analyze("destroyed", svc.speller, svc.vocabulary(), scope=frozenset({"bss"}))
    words = {a.words for c in an.concepts for a in c.alts}
    assert ("destruct",) in words


def test_typo_corrector_leaves_real_words_alone(svc):
    for w in ("cost", "costs", "refreshes", "blocked", "treat"):
        an = analyze(w, svc.speller, svc.vocabulary())
        assert not an.corrections, (w, an.corrections)


def test_the_glossary_sections_are_current(vocabs):
    """Each vocabulary file ends with the section scripts/glossary_vocabulary.py writes from its table of
    other games' glossary concepts: edit the table and re-run the script, never the section by hand."""
    from .conftest import load_script

    gl = load_script("glossary_vocabulary")
    shared = gl.shared_keys()
    for game in gl.GAMES:
        text, _ = gl.generate(game, vocabs[game], shared)
        assert (VOCABULARY_DIR / f"{game}.toml").read_text(encoding="utf-8") == text, game
        assert gl.MARK in text


def test_glossary_words_expand_only_where_the_game_lacks_them(vocabs):
    table = resolve(default_synonyms(), vocabs)
    # Yu-Gi-Oh!'s and Flesh and Blood's words for a zone, read as each game's own
    ws = analyze("banish zone", None, table, scope=frozenset({"ws"}))
    assert phrase_key("memory") in [a.words for a in _alts(ws, "banish zone")]
    # Lorcana's inkwell is Battle Spirits' reserve and Weiss Schwarz's stock
    allg = analyze("inkwell", None, table, scope=None)
    where = {a.words: a.games for a in _alts(allg, "inkwell")[1:]}
    assert where[phrase_key("reserve")] == frozenset({"bss", "bs-standard"})
    assert where[phrase_key("stock")] == frozenset({"ws"})
    # a word a game's rules already say is never mapped there ("counter" is Weiss Schwarz's own)
    assert all("counter" not in m["from"] for p in VOCABULARY_DIR.glob("ws.toml")
               for m in tomllib.loads(p.read_text(encoding="utf-8"))["map"])


def test_a_sideways_card_is_not_read_into_a_game_without_card_states(vocabs):
    """The monster game has no tapped state; its documents say "rest" only as "the rest of"."""
    table = resolve(default_synonyms(), vocabs)
    mon = analyze("tapped", None, table, scope=frozenset({"monster"}))
    assert [a.words for a in _alts(mon, "tapped")] == [phrase_key("tapped")]
    ws = analyze("tapped", None, table, scope=frozenset({"ws"}))
    assert phrase_key("rest") in [a.words for a in _alts(ws, "tapped")]
    bss = analyze("rested", None, table, scope=frozenset({"bss"}))
    assert phrase_key("exhausted") in [a.words for a in _alts(bss, "rested")]


def test_walked_glossary_words_map_only_where_the_game_has_the_concept(vocabs):
    table = resolve(default_synonyms(), vocabs)
    # Vanguard's drive check is Weiss Schwarz's trigger check
    ws = analyze("drive check", None, table, scope=frozenset({"ws"}))
    assert phrase_key("trigger check") in [a.words for a in _alts(ws, "drive check")]
    # the Lost Zone is Standard's removed area and Weiss Schwarz's memory; Saga has no such zone
    allg = analyze("lost zone", None, table, scope=None)
    where = {a.words: a.games for a in _alts(allg, "lost zone")[1:]}
    assert where[phrase_key("removed area")] == frozenset({"bs-standard"})
    assert where[phrase_key("memory")] == frozenset({"ws"})
    assert not any("bss" in g for g in where.values())
    # a shared entry that applies nowhere in Weiss Schwarz does not keep Yu-Gi-Oh!'s continuous spell out of it
    ws = analyze("continuous spell", None, table, scope=frozenset({"ws"}))
    assert phrase_key("climax") in [a.words for a in _alts(ws, "continuous spell")]


def test_a_mapped_word_is_not_split_as_two_glued_words(svc):
    """"upkeep" is no corpus word but another game's term: expanded, not read as "up keep"."""
    an = analyze("what happens during upkeep", svc.speller, svc.vocabulary(), scope=frozenset({"bss"}))
    assert "up" not in an.tokens
    assert len(_alts(an, "upkeep")) > 1


def test_a_games_own_phrase_is_not_read_as_a_shorter_phrase_inside_it(vocabs):
    """"waiting room" is Weiss Schwarz's term (another game's word elsewhere): there it is its words, and
    "waiting" inside it is not expanded on its own."""
    table = resolve(default_synonyms(), vocabs)
    key = phrase_key("waiting room")
    assert "ws" in table.own_phrases[key]
    ws = analyze("cards in the waiting room", None, table, scope=frozenset({"ws"}))
    assert all(len(c.alts) == 1 for c in ws.concepts if c.alts[0].words[0] in key), ws.labels
    bss = analyze("cards in the waiting room", None, table, scope=frozenset({"bss"}))
    assert len(_alts(bss, "waiting room")) > 1


def test_a_phrase_made_by_the_stop_words_before_its_word_needs_them_typed(tmp_path):
    """"on the board" (shared data) is one word and stop words; the word alone ("board") is not the phrase, so it does not
    expand; typed with its stop words, it does. A particle after a verb is not needed ("tallies as": "tallies")."""
    from judge_app.search.query import SynonymTable

    p = tmp_path / "made.toml"
    p.write_text('[[oneway]]\nfrom = ["on the board", "tallies as"]\nto = ["on the field"]\n\n'
                 '[[oneway]]\nfrom = ["can not be smashed"]\nto = ["cannot be smashed"]\n', encoding="utf-8")
    table = SynonymTable.load(p)

    def expanded(q: str) -> bool:
        return any(len(c.alts) > 1 for c in analyze(q, None, table).concepts)

    assert expanded("a spirit on the board")
    assert not expanded("the board of a spirit")
    assert not expanded("on board")  # (not as written: "the" is missing)
    assert expanded("it can not be smashed")
    assert not expanded("smashed spirit")
    assert expanded("tallies as a core") and expanded("tallies the cores")

    # a game's own file maps another game's term where the bare word is the concept in that game
    g = tmp_path / "made-game.toml"
    g.write_text('game = "made"\n\n[[map]]\nfrom = ["in the pit"]\nto = ["on the field"]\n', encoding="utf-8")
    game_table = SynonymTable.load(g)
    assert any(len(c.alts) > 1 for c in analyze("the pit", None, game_table).concepts)


def test_a_question_word_opening_a_games_term_is_searched_there(vocabs):
    """"During Attack" is a heading of the Battle Spirits Standard rules: there "during" before "attack" is the
    term's first word, searched; elsewhere, and before any other word, it stays a question word."""
    table = resolve(default_synonyms(), vocabs)
    key = phrase_key("during attack")
    assert table.asking_terms[key] == frozenset({"bs-standard"})

    def searched(q: str, game: str) -> bool:
        an = analyze(q, None, table, scope=frozenset({game}))
        return any(a.words == key[:1] for c in an.concepts for a in c.alts)

    assert searched("during attack effects", "bs-standard")
    assert not searched("during attack effects", "bss")
    assert not searched("during my attack", "bs-standard")


def test_a_question_word_opens_a_term_only_in_the_games_that_have_it():
    """Made-up data: the question word is searched before the term's next word, in the term's game only."""
    from judge_app.search.query import QUESTION_WORDS, SynonymTable, key_of

    word = "during"
    assert word in QUESTION_WORDS
    table = SynonymTable(asking_terms={(key_of(word), key_of("zorb")): frozenset({"made"})})
    an = analyze("during zorb", None, table, scope=frozenset({"made"}))
    assert an.labels == ["during", "zorb"]
    assert analyze("during zorb", None, table, scope=frozenset({"other"})).labels == ["zorb"]
    assert analyze("during the zorb", None, table, scope=frozenset({"made"})).labels == ["zorb"]
