"""A card-text reader's Transformer (core.tree), one instance per thread with its rule callbacks bound once.

Looking a rule method up on the class binds it anew at every tree node; binding each callback once on the
instance avoids it. One instance per thread, because the reader sets the text being read on it. Never
re-entered: no rule method reads another text. `make` returns the Transformer class when the first text
needs it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from judge_app.engine.core.tree import vargs_of


class ThreadTransformer:
    """`get()`: this thread's instance of the class `make()` returns (built with the text "")."""

    def __init__(self, make: Callable[[], type]) -> None:
        self._make = make
        self._local = threading.local()

    def get(self) -> Any:
        b = getattr(self._local, "build", None)
        if b is None:
            cls = self._make()
            b = self._local.build = cls("")
            for name, method in vars(cls).items():
                if vargs_of(method) is not None:  # a rule or terminal callback (marked by v_args)
                    b.__dict__[name] = getattr(b, name)
        return b
