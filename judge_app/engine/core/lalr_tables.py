"""A card-text grammar's LALR tables as plain data, taken from lark once and kept in a file that loads fast.

lark stays the grammar compiler (grammar/*.lark, lark's own LALR analysis and terminal ordering); what its
parser needs at run time is copied out of the built `Lark` object into tuples and dicts (`extract`) and kept
with `marshal` in the per-user cache folder under a name hashed from the grammar text, lark's version, Python's
version and the options (`load`). A later process reads that file without importing lark at all: lark's own
cache still imports lark (a tenth of a cold `judge check`), rebuilds its objects generically and compiles every
terminal's regular expression. An unwritable cache folder only means the tables are built in memory each time.
"""

from __future__ import annotations

import marshal
import re
import sys
import zlib
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from judge_app.paths import write_atomically

FORMAT = 3  # bump when the layout below changes: older files are then never read

# The tables (a dict of plain values):
#   terminals  [(name, is_regex, value, regexp, first, other)] in lark's lexer order (priority, width, length, name);
#              `value` the literal (plain strings are matched by str.startswith), `regexp` what lark compiles;
#              `first` the characters a match can start with, `other` True when other non-ASCII ones can too
#              (`first` None: any character)
#   unless     {regex terminal: [(string terminal, embedded)]}: lark's UnlessCallback (a word the regex matched
#              that is one of these strings takes that terminal's name) and which strings it hides from the lexer
#   ignore, newline, always_accept, contextual, g_flags
#   actions    [{symbol: code}] per parser state; code = 2 * next state (shift) or 2 * rule + 1 (reduce)
#   rules      [(origin, size, tree name, expand single child, keep plan or None)]; the plan lists the children
#              kept, i for child i, ~i for an inlined `_rule` child whose own children are spliced in
#   start, end parser states
#   scanner    for lark's basic lexer (one set of terminals everywhere), the program of lark's own scanner: one
#              alternation of the terminals in its order, `(?P<NAME>regexp)|…`, strings hidden by a regex left out
#   programs   {terminal: its compiled regular expression as `re` builds it} (see `program`): rebuilt in C by
#              `from_program`, where `re.compile` would parse and compile the pattern again in Python


def lark_version() -> str:
    """lark's version, read from its package without importing it."""
    spec = find_spec("lark")
    if spec is None or spec.origin is None:
        return "none"
    for line in Path(spec.origin).read_text(encoding="utf-8").splitlines():  # no regex: one compile costs ~1 ms
        if line.startswith("__version__"):
            return line.split("=", 1)[-1].strip().strip("'\"")
    return "unknown"


def cache_key(grammar_text: str, options: str) -> str:
    """What the tables depend on: the grammar, lark's and Python's versions, the options, this file's layout."""
    return "\0".join((str(FORMAT), lark_version(), sys.version, options, grammar_text))


def cache_path(folder: Path, grammar_name: str, key: str) -> Path:
    # the name only spreads keys over files: the whole key is kept in the file and compared when it is read
    return folder / f"{Path(grammar_name).stem}-{zlib.crc32(key.encode('utf-8')):08x}.lalr"


def load(path: Path, key: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The tables kept at `path` for `key`, or `build()`'s, then kept there (written whole under a temporary name
    and renamed, so a reader never sees half a file; a folder that cannot be written is left alone)."""
    try:
        with open(path, "rb") as f:
            tables = marshal.loads(f.read())  # marshal.load(f) reads the file in small pieces: several times slower
        if isinstance(tables, dict) and tables.get("key") == key:
            return tables
    except (OSError, EOFError, ValueError, TypeError):
        pass
    tables = dict(build(), key=key)
    write_atomically(path, marshal.dumps(tables))
    return tables


def program(regexp: str, flags: int) -> tuple[Any, ...]:
    """What `re.compile(regexp, flags)` hands to the regex engine (`re._compiler.compile`): the pattern, its
    flags, the engine's code, the groups. Plain data: marshal keeps it; valid for this Python version only
    (the cache key has it)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    p = _parser.parse(regexp, flags)
    code = _compiler._code(p, flags)
    indexgroup: list[str | None] = [None] * p.state.groups
    for k, i in p.state.groupdict.items():
        indexgroup[i] = k
    return (regexp, int(flags), int(flags | p.state.flags), [int(c) for c in code], int(p.state.groups - 1),
            {str(k): int(v) for k, v in p.state.groupdict.items()}, tuple(indexgroup))


def from_program(prog: tuple[Any, ...]) -> re.Pattern[str]:
    """The compiled expression of `program`, built by the regex engine from the kept code (as `re.compile`
    does after its pure-Python parse and compile); `re.compile` itself when the engine refuses it."""
    regexp, flags, all_flags, code, groups, groupindex, indexgroup = prog
    try:
        import _sre  # type: ignore[import-not-found]

        return _sre.compile(regexp, all_flags, code, groups, groupindex, indexgroup)  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001  # another engine version: compile as usual
        return re.compile(regexp, flags)


@cache
def _parse_regex() -> Callable[[str, int], Any]:
    try:
        from re import _parser  # Python >= 3.11
        return _parser.parse  # type: ignore[no-any-return]
    except ImportError:  # pragma: no cover
        import sre_parse
        return sre_parse.parse


_IGNORECASE = re.IGNORECASE


def first_chars(regexp: str, flags: int) -> tuple[str | None, bool]:
    """The characters a match of `regexp` can start with, and whether other non-ASCII ones can too; (None, True)
    when that is not worked out (any character). Conservative: it may name characters that never start a match,
    never leaves one out; the lexer uses it only to skip terminals that cannot match where it stands."""
    try:
        parsed = _parse_regex()(regexp, flags)
    except Exception:  # noqa: BLE001  # any pattern it cannot read is simply tried everywhere
        return None, True
    found: set[str] = set()
    state = {"other": False, "any": False}
    nullable = _seq(list(parsed), bool(flags & _IGNORECASE or parsed.state.flags & _IGNORECASE), found, state)
    if nullable or state["any"]:
        return None, True
    return "".join(sorted(found)), state["other"]


def _seq(items: list[Any], icase: bool, found: set[str], state: dict[str, bool]) -> bool:
    """Adds the first characters of a sequence; True when the sequence can match the empty string."""
    return all(_item(str(op), arg, icase, found, state) for op, arg in items)


def _item(op: str, arg: Any, icase: bool, found: set[str], state: dict[str, bool]) -> bool:  # noqa: C901
    """Adds the first characters of one regex item; True when it can match the empty string."""
    if op == "LITERAL":
        _add(chr(arg), icase, found, state)
        return False
    if op == "IN":
        _in(arg, icase, found, state)
        return False
    if op in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, _high, sub = arg
        return _seq(list(sub), icase, found, state) or low == 0
    if op == "SUBPATTERN":
        _group, add, _del, sub = arg
        return _seq(list(sub), icase or bool(add & _IGNORECASE), found, state)
    if op == "ATOMIC_GROUP":
        return _seq(list(arg), icase, found, state)
    if op == "BRANCH":
        return any([_seq(list(b), icase, found, state) for b in arg[1]])
    if op in ("AT", "ASSERT", "ASSERT_NOT"):  # width 0: what follows starts the match
        return True
    state["any"] = True  # ANY, NOT_LITERAL, GROUPREF, …
    return False


def _in(arg: list[Any], icase: bool, found: set[str], state: dict[str, bool]) -> None:
    for op, val in arg:
        op = str(op)
        if op == "LITERAL":
            _add(chr(val), icase, found, state)
        elif op == "RANGE" and val[1] - val[0] < 512:
            for c in range(val[0], val[1] + 1):
                _add(chr(c), icase, found, state)
        elif op == "CATEGORY" and str(val) in _CATEGORIES:
            found.update(_CATEGORIES[str(val)])
            state["other"] = True
        else:  # NEGATE, a wide range, a negated category
            state["any"] = True


_CATEGORIES = {"CATEGORY_DIGIT": "0123456789", "CATEGORY_SPACE": " \t\n\r\f\v\x1c\x1d\x1e\x1f\x85",
               "CATEGORY_WORD": "0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"}


def _add(c: str, icase: bool, found: set[str], state: dict[str, bool]) -> None:
    if not c.isascii():
        if icase:  # its case variants need not be ASCII, nor be found by lower()/upper()
            state["any"] = True
        else:
            found.add(c)
        return
    found.add(c)
    if icase:
        found.update((c.lower(), c.upper()))
        state["other"] = True  # "k" matches the Kelvin sign, "s" the long s …


def extract(lark: Any) -> dict[str, Any]:
    """The tables of a built `Lark(parser="lalr")`, lexer "basic" or "contextual", no placeholders."""
    from lark.lexer import PatternRE

    conf = lark.lexer_conf
    options = lark.options
    if options.parser != "lalr" or options.lexer not in ("basic", "contextual") or options.maybe_placeholders:
        raise ValueError("the LALR runtime reads lark's lalr parser with a basic or contextual lexer, no placeholders")
    g_flags = conf.g_regex_flags
    terms = sorted(conf.terminals, key=lambda x: (-x.priority, -x.pattern.max_width, -len(x.pattern.value), x.name))
    rows = []
    for t in terms:
        regexp = t.pattern.to_regexp()
        is_regex = isinstance(t.pattern, PatternRE) or bool(t.pattern.flags) or bool(g_flags)
        first, other = (first_chars(regexp, g_flags) if is_regex else (t.pattern.value[:1], False))
        rows.append((t.name, is_regex, t.pattern.value, regexp, first, other))
    unless: dict[str, list[tuple[str, bool]]] = {}
    for retok in terms:
        if not isinstance(retok.pattern, PatternRE):
            continue
        for strtok in terms:  # lark's _create_unless, in the lexer's order
            if isinstance(strtok.pattern, PatternRE) or strtok.priority != retok.priority:
                continue
            s = strtok.pattern.value
            m = re.match(retok.pattern.to_regexp(), s, g_flags)
            if m and m.group(0) == s:
                unless.setdefault(retok.name, []).append((strtok.name, strtok.pattern.flags <= retok.pattern.flags))
    newline = [t.name for t in terms if _has_newline(t.pattern.to_regexp())]
    table = lark.parser.parser.parser.parse_table
    rule_index = {r: i for i, r in enumerate(lark.rules)}
    actions: list[dict[str, int]] = [{} for _ in range(max(table.states) + 1)]
    for state, row in table.states.items():
        for sym, (action, arg) in row.items():
            actions[state][sym] = rule_index[arg] * 2 + 1 if action.name == "Reduce" else arg * 2
    rules = [_rule(r) for r in lark.rules]
    programs = {name: program(regexp, g_flags) for name, is_regex, _v, regexp, _f, _o in rows if is_regex}
    hidden = {s for strs in unless.values() for s, embedded in strs if embedded}
    scanner = None if options.lexer != "basic" else program(
        "|".join(f"(?P<{name}>{regexp})" for name, _r, _v, regexp, _f, _o in rows if name not in hidden), g_flags)
    postlex = lark.options.postlex
    return {"format": FORMAT, "terminals": rows, "unless": unless, "ignore": list(conf.ignore),
            "newline": newline, "always_accept": list(getattr(postlex, "always_accept", ())),
            "contextual": options.lexer == "contextual", "g_flags": g_flags, "actions": actions, "rules": rules,
            "start": table.start_states["start"], "end": table.end_states["start"],
            "programs": programs, "scanner": scanner}


def _rule(rule: Any) -> tuple[Any, ...]:
    """lark's ParseTreeBuilder for one rule: the name its node takes, whether a single child stands for it
    (`?rule`, unless aliased) and which children are kept (anonymous tokens filtered out, `_rule` spliced in)."""
    opts = rule.options
    name = rule.alias or opts.template_source or rule.origin.name
    plan = []
    for i, sym in enumerate(rule.expansion):
        if opts.keep_all_tokens or not (sym.is_term and sym.filter_out):
            plan.append(~i if (not sym.is_term and sym.name.startswith("_")) else i)
    keep = None if plan == list(range(len(rule.expansion))) else plan
    # str(): a freshly compiled grammar names rules with lark Tokens (str subclasses marshal refuses); lark's own
    # cache gives plain strings
    return (str(rule.origin.name), len(rule.expansion), str(name), bool(opts.expand1 and not rule.alias), keep)


def _has_newline(r: str) -> bool:
    # lark's _regexp_has_newline: the terminals whose tokens move the line counter
    return "\n" in r or "\\n" in r or "\\s" in r or "[^" in r or ("(?s" in r and "." in r)
