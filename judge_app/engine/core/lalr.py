"""A card-text grammar's LALR parser without lark at run time: lark's tables (lalr_tables.py), lark's lexer and
tree-building semantics, our Token/Tree (tree.py).

`Reader(grammar, lexer=…, propagate_positions=…)` reads the tables from the per-user cache (built by lark on a
miss, kept for the next process) and `parse(text)` returns the tree lark's `Lark.parse` would: the same tokens
(lark's contextual or basic lexer: at each position the first terminal, in lark's order, among those the parser
state accepts that matches there, its UnlessCallback applied, ignored terminals skipped), the same shift/reduce
steps, the same nodes (anonymous tokens filtered, `_rule` spliced in, `?rule` standing for its single child) and
the same `meta` positions when asked for. What lark compiles on the first parses of a process, one regular
expression per parser state made of all its terminals, it does not: a literal is matched by `str.startswith`,
a regular expression is compiled alone when first tried, and a terminal is tried only where its first
character can stand (`first_chars`).

A text that does not parse raises `Unparsed` carrying lark's own exception for it (lark is imported then, and
parses the text again), so that every refusal keeps its words, positions and expected terminals exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from typing import Any

from judge_app.engine.core import lalr_tables
from judge_app.engine.core.tree import Meta, Token, Tree
from judge_app.paths import data_dir, grammar_path


class Unparsed(Exception):
    """The text does not parse: `error` is lark's exception for it (UnexpectedCharacters / UnexpectedToken …)."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error: Any = error  # lark.UnexpectedInput (typed loosely: lark is not imported here)


class _NoParse(Exception):
    """Internal: the runtime stopped; lark re-reads the text to say why."""


class _Scanner:
    """The lexer of one set of acceptable terminals (one parser state's, or all of them for lark's basic lexer):
    per first character, the terminals that can match there, in lark's order."""

    __slots__ = ("names", "unless", "by_char", "lexer", "whole")

    def __init__(self, lexer: _Lexer, names: frozenset[str], whole: re.Pattern[str] | None = None) -> None:
        self.lexer = lexer
        self.whole = whole  # lark's own scanner for this set (an alternation in its order), when kept
        self.names = names
        hidden = {s for r, strs in lexer.unless.items() if r in names for s, embedded in strs if embedded and s in names}
        self.unless = {r: [s for s, _e in strs if s in names] for r, strs in lexer.unless.items() if r in names}
        self.unless = {r: strs for r, strs in self.unless.items() if strs}
        self.by_char: dict[str, tuple[Any, ...]] = {}
        self.names = frozenset(n for n in names if n not in hidden)

    def candidates(self, c: str) -> tuple[Any, ...]:
        got = self.by_char.get(c)
        if got is None:
            ascii_ = c.isascii()
            got = self.by_char[c] = tuple(
                row for row in self.lexer.rows if row[0] in self.names and (
                    row[4] is None or c in row[4] or (row[5] and not ascii_)))
        return got


class _Lexer:
    """lark's lexer over the tables' terminals; regular expressions compiled one by one when first tried."""

    def __init__(self, tables: dict[str, Any]) -> None:
        self.rows = [tuple(r) for r in tables["terminals"]]  # (name, is_regex, value, regexp, first, other)
        self.unless = {r: [tuple(x) for x in strs] for r, strs in tables["unless"].items()}
        self.ignore = frozenset(tables["ignore"])
        self.newline = frozenset(tables["newline"])
        self.always = frozenset(tables["always_accept"]) | self.ignore
        self.g_flags = tables["g_flags"]
        self.by_name = {row[0]: row for row in self.rows}
        self.compiled: dict[str, re.Pattern[str]] = {}
        self.unless_index: dict[int, _StringIndex] = {}
        self.programs: dict[str, tuple[Any, ...]] = tables.get("programs", {})
        self.scanners: dict[frozenset[str], _Scanner] = {}

    def scanner(self, accepts: frozenset[str]) -> _Scanner:
        s = self.scanners.get(accepts)
        if s is None:
            s = self.scanners[accepts] = _Scanner(self, (accepts | self.always) & self.by_name.keys())
        return s

    def regex(self, name: str) -> re.Pattern[str]:
        rx = self.compiled.get(name)
        if rx is None:
            prog = self.programs.get(name)
            rx = self.compiled[name] = (lalr_tables.from_program(prog) if prog is not None
                                        else re.compile(self.by_name[name][3], self.g_flags))
        return rx

    def match(self, scanner: _Scanner, text: str, pos: int) -> tuple[str, str]:
        """(terminal, word) of the token at `pos`: the first acceptable terminal in lark's order that matches."""
        if scanner.whole is not None:
            m = scanner.whole.match(text, pos)
            if m is None:
                raise _NoParse
            name, word = m.lastgroup, m.group()
            strs = scanner.unless.get(name)
            return (self._unless(strs, word) or name) if strs else name, word  # type: ignore[return-value]
        for name, is_regex, value, _rx, _f, _o in scanner.candidates(text[pos]):
            if not is_regex:
                if text.startswith(value, pos):
                    return name, value
            else:
                m = self.regex(name).match(text, pos)
                if m is not None:
                    word = m.group(0)
                    strs = scanner.unless.get(name)
                    return (self._unless(strs, word) or name) if strs else name, word
        raise _NoParse

    def _unless(self, strs: list[str], word: str) -> str | None:
        """lark's UnlessCallback: the first of these strings (in lark's order) that the whole word is."""
        index = self.unless_index.get(id(strs))
        if index is None:
            index = self.unless_index[id(strs)] = _StringIndex(strs, self.by_name, strs)
        if word.isascii():
            strs = index.candidates(word)
        for s in strs:
            row = self.by_name[s]
            if (self.regex(s).fullmatch(word) is not None) if row[1] else word == row[2]:
                return s
        return None


class _StringIndex:
    """The strings of an UnlessCallback by their lower-cased ASCII value: an ASCII word can only be one of those
    with its lower-cased value (with or without the `i` flag) or one not in ASCII (re's case folding reaches
    ASCII from some), so only those are tried, in lark's order."""

    __slots__ = ("by_lower", "odd", "order", "keep")

    def __init__(self, strs: list[str], by_name: dict[str, tuple[Any, ...]], keep: object) -> None:
        self.keep = keep  # the list indexed (its id is the key)
        self.order = {s: i for i, s in enumerate(strs)}
        self.by_lower: dict[str, list[str]] = {}
        self.odd = [s for s in strs if not by_name[s][2].isascii()]
        for s in strs:
            if by_name[s][2].isascii():
                self.by_lower.setdefault(by_name[s][2].lower(), []).append(s)

    def candidates(self, word: str) -> list[str]:
        got = self.by_lower.get(word.lower(), [])
        return sorted(got + self.odd, key=self.order.__getitem__) if self.odd else got


class Reader:
    """One grammar's parser: `parse(text)` -> Tree, `lark()` the lark parser it was taken from (for refusals)."""

    def __init__(self, grammar: str, *, lexer: str, propagate_positions: bool,
                 postlex: Callable[[], Any] | None = None) -> None:
        self.grammar = grammar
        self.lexer_kind = lexer
        self.propagate_positions = propagate_positions
        self.postlex = postlex
        self._lark: Any = None

    def lark(self) -> Any:
        """lark's parser for this grammar, built once (lark's own cache keeps its tables between processes)."""
        if self._lark is None:
            self._lark = self._compile()
        return self._lark

    def _compile(self, tag: str = "") -> Any:
        from lark import Lark

        text = grammar_path(self.grammar).read_text(encoding="utf-8")
        # `tag`, a comment, puts what lark's own cache key leaves out (the post-lexer) into the text it hashes
        return Lark(text + (f"\n// judge: {tag}\n" if tag else ""), parser="lalr",
                    lexer=self.lexer_kind, postlex=self.postlex() if self.postlex else None,
                    propagate_positions=self.propagate_positions, maybe_placeholders=False, cache=True)

    @cached_property
    def tables(self) -> dict[str, Any]:
        text = grammar_path(self.grammar).read_text(encoding="utf-8")
        options = f"lalr {self.lexer_kind} postlex={self.postlex and sorted(getattr(self.postlex, 'always_accept', ()))}"
        key = lalr_tables.cache_key(text, options)
        path = lalr_tables.cache_path(data_dir() / "lalr", self.grammar, key)
        # lark leaves the post-lexer out of its own cache key, so its file could hold another reader's tables
        # (tests/cardtext/test_lalr_cache.py): our options go into the text lark hashes. Its cache (shared by every
        # data folder) spares a fresh data folder the compile, many seconds for the larger grammars.
        return lalr_tables.load(path, key, lambda: lalr_tables.extract(self._compile(options)))

    @cached_property
    def _runtime(self) -> _Runtime:
        return _Runtime(self.tables, self.propagate_positions)

    def parse(self, text: str) -> Any:
        """The tree lark's `parse(text)` gives; `Unparsed` (lark's error inside) when the text does not parse."""
        try:
            return self._runtime.parse(text)
        except _NoParse:
            pass
        from lark import UnexpectedInput

        try:
            tree = self.lark().parse(text)
        except UnexpectedInput as e:
            raise Unparsed(e) from None
        # lark reads what the runtime refused: never seen (tests/cardtext/test_lalr_runtime.py), but lark is right
        return _from_lark(tree)


class _Runtime:
    """The shift/reduce loop over the tables, building lark's tree."""

    def __init__(self, tables: dict[str, Any], positions: bool) -> None:
        self.lexer = _Lexer(tables)
        self.actions: list[dict[str, int]] = tables["actions"]
        self.rules = [tuple(r) for r in tables["rules"]]
        self.start, self.end = tables["start"], tables["end"]
        self.positions = positions
        self.contextual = tables["contextual"]
        self.terminals = frozenset(self.lexer.by_name)
        self.basic = self.lexer.scanner(self.terminals)
        if tables.get("scanner") is not None:  # lark's basic lexer: its one scanner, rebuilt from the kept program
            self.basic.whole = lalr_tables.from_program(tables["scanner"])
        self.scanners: list[_Scanner | None] = [None] * len(self.actions)  # per state, when first in it

    def scanner(self, state: int) -> _Scanner:
        if not self.contextual:
            return self.basic
        s = self.scanners[state]
        if s is None:
            s = self.scanners[state] = self.lexer.scanner(self.terminals.intersection(self.actions[state]))
        return s

    def parse(self, text: str) -> Any:  # noqa: C901  # one loop: the lexer feeds the parser, as lark's does
        states, values = [self.start], []
        actions, lexer, ignore, newline = self.actions, self.lexer, self.lexer.ignore, self.lexer.newline
        pos, end, line, line_start = 0, len(text), 1, 0
        while True:
            if pos < end:
                kind, word = lexer.match(self.scanner(states[-1]), text, pos)
                start, column = pos, pos - line_start + 1
                pos += len(word)
                if kind in newline and "\n" in word:
                    line_at = line
                    line += word.count("\n")
                    line_start = start + word.rindex("\n") + 1
                else:
                    line_at = line
                if kind in ignore:
                    continue
                token = Token(kind, word, start, line_at, column, line, pos - line_start + 1, pos)
            else:
                token = None
                kind = "$END"
            while True:
                code = actions[states[-1]].get(kind)
                if code is None:
                    raise _NoParse
                if not code & 1:
                    if token is None:
                        raise _NoParse
                    states.append(code >> 1)
                    values.append(token)
                    break
                origin, size, name, expand1, keep = self.rules[code >> 1]
                if size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                else:
                    children = []
                values.append(self._node(name, expand1, keep, children))
                goto = actions[states[-1]][origin]
                states.append(goto >> 1)
                if token is None and states[-1] == self.end:
                    return values[-1]

    def _node(self, name: str, expand1: bool, keep: list[int] | None, children: list[Any]) -> Any:
        if keep is None:
            kept = list(children)
        else:
            kept = []
            for i in keep:
                if i >= 0:
                    kept.append(children[i])
                else:
                    kept += children[~i].children
        node = kept[0] if expand1 and len(kept) == 1 else Tree(name, kept)
        if self.positions and type(node) is Tree:
            _propagate(node.meta, children)
        return node


def _first_meta(children: Any) -> Any:
    for c in children:
        if type(c) is Tree:
            if c._meta is not None and not c._meta.empty:
                return c._meta
        elif isinstance(c, Token):
            return c
    return None


_START = (("line", "container_line"), ("column", "container_column"), ("start_pos", "container_start_pos"))
_END = (("end_line", "container_end_line"), ("end_column", "container_end_column"), ("end_pos", "container_end_pos"))


def _propagate(meta: Meta, children: list[Any]) -> None:
    """lark's PropagatePositions: a node starts where its first child's container starts and ends where its last
    child's ends; a container is a node inlined into its parent (`?rule`) or a word the tree leaves out."""
    for src, fields in ((_first_meta(children), _START), (_first_meta(reversed(children)), _END)):
        if src is None:
            continue
        own = not hasattr(meta, fields[0][0])  # else set already: the rule stands for its single child
        for name, container in fields:
            value = getattr(src, container) if hasattr(src, container) else getattr(src, name)
            if own:
                setattr(meta, name, value)
            setattr(meta, container, value)
        if own:
            meta.empty = False


def _from_lark(node: Any) -> Any:
    """lark's tree in the values of core.tree (the transformers know no other)."""
    from lark import Token as LarkToken
    from lark import Tree as LarkTree

    if isinstance(node, LarkTree):
        meta = Meta()
        meta.__dict__.update(vars(node.meta))
        return Tree(node.data, [_from_lark(c) for c in node.children], meta)
    if isinstance(node, LarkToken):
        return Token(node.type, node.value, node.start_pos, node.line, node.column, node.end_line, node.end_column,
                     node.end_pos)
    return node
