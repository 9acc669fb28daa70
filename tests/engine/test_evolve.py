"""core.evolve: the engines' fast copy gives what `dataclasses.replace` gives, and refuses what it refuses."""

from __future__ import annotations

import dataclasses

import pytest

from judge_app.engine.core.evolve import evolve, maker


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


def test_same_as_replace() -> None:
    x = Slotted(1, ("w",))
    assert evolve(x, a=2) == dataclasses.replace(x, a=2) == Slotted(2, ("w",))
    assert evolve(x) == x and evolve(x) is not x
    assert x == Slotted(1, ("w",))  # the original is untouched


def test_unknown_field_is_an_error() -> None:
    with pytest.raises(TypeError):
        evolve(Slotted(1), c=3)


def test_classes_with_post_init_keep_their_checks() -> None:
    assert evolve(Plain(1), a=2) == Plain(2)
    with pytest.raises(ValueError):
        evolve(Plain(1), a=-1)


@dataclasses.dataclass(frozen=True, slots=True)
class Cached:
    a: int
    _h: int | None = dataclasses.field(default=None, init=False, compare=False)

    def __hash__(self) -> int:
        if self._h is None:
            object.__setattr__(self, "_h", hash(self.a))
        return self._h or 0


def test_init_false_fields_are_reset_like_init_does() -> None:
    x = Cached(1)
    hash(x)
    y = evolve(x, a=2)
    assert y._h is None and hash(y) == hash(2)  # a stale cached hash would break sets of states
    assert dataclasses.replace(x, a=2)._h is None
    with pytest.raises(TypeError):
        evolve(x, _h=3)


@dataclasses.dataclass(frozen=True, slots=True)
class Base:
    a: int
    b: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Derived(Base):
    c: str = ""


def test_every_combination_of_changes_and_inherited_slots_match_replace() -> None:
    """Copiers are kept per class and per set of changed fields (in call order): each combination, on a
    subclass whose slots live partly in its base, gives what `dataclasses.replace` gives."""
    import itertools

    x = Derived(1, 2, "x")
    values = {"a": 10, "b": 20, "c": "y"}
    for n in range(4):
        for names in itertools.permutations(values, n):
            changes = {k: values[k] for k in names}
            got = evolve(x, **changes)
            assert got == dataclasses.replace(x, **changes) and type(got) is Derived
    assert evolve(Base(1), b=5) == Base(1, 5)  # the base class has copiers of its own
    with pytest.raises(TypeError):
        evolve(x, a=1, zz=2)


def test_a_copy_built_as_the_twin_is_the_frozen_class() -> None:
    # the copy is stored as the class's mutable twin, then becomes the frozen class: nothing of the twin shows
    from judge_app.engine.core.evolve import twin
    assert twin(Slotted) is not None and twin(Plain) is None  # Plain has no slots: dataclasses.replace
    y = evolve(Slotted(1, ("w",)), b=("v",))
    assert type(y) is Slotted and y == Slotted(1, ("v",)) and hash(y) == hash(Slotted(1, ("v",)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        y.a = 5  # type: ignore[misc]


def test_positional_copier_is_evolve() -> None:
    from judge_app.engine.core.evolve import copier
    x = Slotted(1, ("w",))
    both = copier(Slotted, "b", "a")
    assert both(x, ("v",), 7) == evolve(x, b=("v",), a=7) == Slotted(7, ("v",))
    assert copier(Plain, "a")(Plain(1), 3) == Plain(3)  # no slots: dataclasses.replace, its checks kept
    with pytest.raises(ValueError):
        copier(Plain, "a")(Plain(1), -1)


def test_events_are_built_as_events() -> None:
    from judge_app.engine.core import Event, EventLog
    log = EventLog(line=4)
    log.add("k", "one", ["1.2", "1.3"], subject="X")
    log.add("k", "two", ("1.3", "2.1"), line=9)
    a, b = log.events
    assert type(a) is Event and a == Event(1, "k", "one", ("1.2", "1.3"), 4, None, "X")
    assert b == Event(2, "k", "two", ("1.3", "2.1"), 9)
    assert log.cited() == ["1.2", "1.3", "2.1"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.n = 3  # type: ignore[misc]


def test_ws_memos_are_no_part_of_the_value() -> None:
    # State.settled and Side.settled_with (the check timing's memos): not compared, hashed or copied
    from judge_app.engine.ws.state import Catalog, Side, State
    side, catalog = Side(hand=("Y",)), Catalog()  # fresh values: the defaults are shared
    s = State(catalog=catalog, turn=3, a=side)
    object.__setattr__(s, "settled", True)
    object.__setattr__(side, "settled_with", catalog)
    assert s == State(catalog=catalog, turn=3, a=Side(hand=("Y",)))
    assert hash(s) == hash(State(catalog=catalog, turn=3, a=Side(hand=("Y",))))
    assert evolve(s, turn=4).settled is False and evolve(side, hand=("X",)).settled_with is None
    assert dataclasses.replace(s, turn=4).settled is False
    assert "settled" not in repr(s) and side == Side(hand=("Y",))


def test_maker_builds_the_frozen_class_like_its_init() -> None:
    from judge_app.scenario.model import ExpectResult

    make = maker(ExpectResult)
    assert make is not ExpectResult  # built as the twin
    a, b = make(3, "x", True, "y"), ExpectResult(3, "x", True, "y")
    assert type(a) is ExpectResult and a == b and hash(a) == hash(b) and repr(a) == repr(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.ok = False  # type: ignore[misc]

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError(self.n)

    assert maker(Checked) is Checked  # a __post_init__ keeps the class's own __init__


def test_maker_fills_a_frozen_class_without_slots_like_its_init() -> None:
    @dataclasses.dataclass(frozen=True)
    class Plain:
        a: int
        b: str = "x"
        c: tuple[int, ...] = dataclasses.field(default=(), compare=False)

    made = maker(Plain)(1, "y", (2,))
    assert type(made) is Plain and made == Plain(1, "y", (2,)) and repr(made) == repr(Plain(1, "y", (2,)))
    assert vars(made) == vars(Plain(1, "y", (2,))) and list(vars(made)) == ["a", "b", "c"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]
