"""A card-text reader's lark Transformer, one instance per thread with its rule callbacks bound once.

lark's `v_args` wrapper binds a rule method anew at every tree node (a third of a transform's time);
binding each callback once on the instance avoids it. One instance per thread, because the reader
sets the text being read on it. Never re-entered: no rule method reads another text. lark itself is
not imported here: `make` returns the Transformer class when the first text needs it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


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
                if hasattr(method, "visit_wrapper"):  # a rule or terminal callback (wrapped by v_args)
                    b.__dict__[name] = getattr(b, name)
        return b
