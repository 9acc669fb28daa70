"""The parse values a card-text reader's Transformer sees, without lark: Token, Tree, Meta, `v_args`, Transformer.

They behave as lark's (lark 1.x: `lark.Token`, `lark.Tree`, `lark.tree.Meta`, `lark.v_args`, `lark.Transformer`)
for what a Transformer of ours uses: a token is a `str` with its terminal's name and positions, a tree node has
`data`, `children` and `meta` (positions, when the reader propagates them), a rule method is chosen by the node's
name and called with its children as `v_args` says, and an exception raised by a rule method reaches the caller
as `VisitError` (`orig_exc`), the way lark's Transformer reports it. The LALR runtime (`lalr.py`) builds these
trees; importing this module costs no lark import (lark is a tenth of a cold `judge check`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Token(str):
    """A string with its terminal's name and positions (lark's `Token`: same fields, equality, hash and repr)."""

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")
    __match_args__ = ("type", "value")

    type: str
    start_pos: int | None
    value: Any
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(cls, type: str, value: Any, start_pos: int | None = None, line: int | None = None,  # noqa: A002
                column: int | None = None, end_line: int | None = None, end_column: int | None = None,
                end_pos: int | None = None) -> Token:
        inst = super().__new__(cls, value)
        inst.type = type
        inst.start_pos = start_pos
        inst.value = value
        inst.line = line
        inst.column = column
        inst.end_line = end_line
        inst.end_column = end_column
        inst.end_pos = end_pos
        return inst

    def update(self, type: str | None = None, value: Any = None) -> Token:  # noqa: A002
        return Token.new_borrow_pos(type if type is not None else self.type,
                                    value if value is not None else self.value, self)

    @classmethod
    def new_borrow_pos(cls, type_: str, value: Any, borrow_t: Token) -> Token:
        return cls(type_, value, borrow_t.start_pos, borrow_t.line, borrow_t.column, borrow_t.end_line,
                   borrow_t.end_column, borrow_t.end_pos)

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, (self.type, self.value, self.start_pos, self.line, self.column))

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Token:
        return Token(self.type, self.value, self.start_pos, self.line, self.column)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class Meta:
    """A node's positions (lark's `Meta`): `empty` until a token under it gives them; then `start_pos`,
    `end_pos`, lines and columns, and the `container_*` positions of the words the tree leaves out."""

    empty: bool
    line: int
    column: int
    start_pos: int
    end_line: int
    end_column: int
    end_pos: int

    def __init__(self) -> None:
        self.empty = True


class Tree:
    """A node of the parse: the rule's (or alias's) name, its children (tokens and nodes), its positions."""

    __slots__ = ("data", "children", "_meta")

    def __init__(self, data: str, children: list[Any], meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self._meta = meta

    @property
    def meta(self) -> Meta:
        if self._meta is None:
            self._meta = Meta()
        return self._meta

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other: object) -> bool:
        try:
            return bool(self.data == other.data and self.children == other.children)  # type: ignore[attr-defined]
        except AttributeError:
            return False

    def __ne__(self, other: object) -> bool:
        return not (self == other)

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))


class VisitError(Exception):
    """A rule method raised `orig_exc` while transforming the node `obj` of rule `rule` (lark's VisitError)."""

    def __init__(self, rule: str, obj: object, orig_exc: Exception) -> None:
        super().__init__(f"Error trying to process rule \"{rule}\":\n\n{orig_exc}")
        self.rule = rule
        self.obj = obj
        self.orig_exc = orig_exc


# How a rule method takes its node: (inline, meta). lark's `v_args` wrappers, as flags read once per class.
_VARGS = "__vargs__"


def v_args(inline: bool = False, meta: bool = False) -> Callable[[Any], Any]:
    """lark's `v_args(inline=, meta=)`, on a method or on a Transformer class (every public method not already
    marked, its bases' included, as lark applies it)."""
    flags = (inline, meta)

    def mark(obj: Any) -> Any:
        if isinstance(obj, type):
            seen: set[str] = set()
            for klass in obj.__mro__:  # the class and its bases, down to (not into) Transformer
                if klass is Transformer or klass is object:
                    break
                for name, f in vars(klass).items():
                    if name in seen or name.startswith("_"):
                        continue
                    seen.add(name)
                    if callable(f) and getattr(f, _VARGS, None) is None and not isinstance(f, type):
                        _marked(f, flags)
            return obj
        return _marked(obj, flags)

    return mark


def _marked(f: Callable[..., Any], flags: tuple[bool, bool]) -> Callable[..., Any]:
    # the flag on the function itself: no wrapper, so a call costs what the method costs
    setattr(f, _VARGS, flags)
    return f


def vargs_of(method: object) -> tuple[bool, bool] | None:
    """The (inline, meta) convention of a rule method, or None for one that takes the children list."""
    return getattr(method, _VARGS, None)


class Transformer:
    """lark's Transformer for trees of ours: bottom-up, each node replaced by its rule method's value (called as
    `v_args` says), `__default__` for a node without one, tokens passed to a method named by their terminal
    when `visit_tokens` (lark's default)."""

    __visit_tokens__ = True

    def __init__(self, visit_tokens: bool = True) -> None:
        self.__visit_tokens__ = visit_tokens

    def transform(self, tree: Tree) -> Any:
        return self._transform_tree(tree)

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        return Tree(data, children, meta)

    def __default_token__(self, token: Token) -> Any:
        return token

    def _transform_tree(self, tree: Tree) -> Any:
        children = list(self._transform_children(tree.children))
        return self._call_userfunc(tree, children)

    def _transform_children(self, children: list[Any]) -> Any:
        for c in children:
            if isinstance(c, Tree):
                yield self._transform_tree(c)
            elif self.__visit_tokens__ and isinstance(c, Token):
                yield self._call_userfunc_token(c)
            else:
                yield c

    def _call_userfunc(self, tree: Tree, children: list[Any]) -> Any:
        try:
            f = getattr(self, tree.data)
        except AttributeError:
            return self.__default__(tree.data, children, tree.meta)
        try:
            flags = getattr(f, _VARGS, None)
            if flags is None:
                return f(children)
            inline, meta = flags
            if meta:
                return f(tree.meta, *children) if inline else f(tree.meta, children)
            return f(*children) if inline else f(children)
        except Exception as e:
            raise VisitError(tree.data, tree, e) from e

    def _call_userfunc_token(self, token: Token) -> Any:
        try:
            f = getattr(self, token.type)
        except AttributeError:
            return self.__default_token__(token)
        try:
            return f(token)
        except Exception as e:
            raise VisitError(token.type, token, e) from e
