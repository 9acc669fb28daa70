"""The compiled code of judge's dataclass methods, kept between processes (judge_app/dataclass_code.py):
the second process makes the same methods from the saved code, compiling nothing; a damaged or
unwritable cache only costs the time."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every method dataclasses made for judge's classes in a bss check's modules, as (class, method, code).
CODE = """
import dataclasses, json, sys
from judge_app import dataclass_code
from judge_app.engine.games import get_spec
from judge_app.scenario import check
get_spec("bss")
out = []
for name, mod in sorted(sys.modules.items()):
    if not name.startswith("judge_app."):
        continue
    for cls in list(vars(mod).values()):
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            for meth in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
                fn = cls.__dict__.get(meth)
                code = getattr(getattr(fn, "__wrapped__", fn), "__code__", None)
                if code is not None:
                    out.append([cls.__qualname__, meth, code.co_code.hex(), repr(code.co_consts), code.co_names])
print(json.dumps({"new": sorted(dataclass_code._changed), "methods": out,
                  "hooked": dataclasses.exec is dataclass_code._exec}))
"""


def _run(data: Path) -> dict:
    import json

    env = dict(os.environ, JUDGE_DATA_DIR=str(data))
    out = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    return json.loads(out)


def test_second_process_reuses_the_saved_code_and_makes_the_same_methods(tmp_path: Path) -> None:
    first = _run(tmp_path)
    saved = sorted(tmp_path.glob("dataclass-code-*/*.marshal"))
    second = _run(tmp_path)
    assert first["hooked"] and second["hooked"]
    assert "judge_app.engine.bss.state" in first["new"] and second["new"] == []  # everything came from the files
    assert [p.stem for p in saved] == first["new"]  # one file a module
    assert len(first["methods"]) > 300 and first["methods"] == second["methods"]
    # the saved code is what compiling the text gives
    for path in saved:
        for text, code in marshal.loads(path.read_bytes()).items():
            assert code == compile(text, "<string>", "exec", dont_inherit=True)


def test_damaged_or_unwritable_cache_is_only_slower(tmp_path: Path) -> None:
    reference = _run(tmp_path / "fresh")
    bad = tmp_path / "bad"
    bad.mkdir()
    name = next((tmp_path / "fresh").glob("dataclass-code-*/judge_app.engine.bss.state.marshal"))
    (bad / name.parent.name).mkdir()
    (bad / name.parent.name / name.name).write_bytes(b"not marshal data")
    assert _run(bad)["methods"] == reference["methods"]
    assert marshal.loads((bad / name.parent.name / name.name).read_bytes())  # rewritten
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("")  # the data directory cannot be made
    assert _run(blocked)["methods"] == reference["methods"]


def test_only_judge_classes_use_the_cache() -> None:
    from judge_app import dataclass_code

    ns: dict = {"__name__": "elsewhere"}
    before = {m: dict(c) for m, c in dataclass_code._code.items()}
    dataclass_code._exec("def __create_fn__():\n    return 41 + 1\n", ns, ns)
    assert ns["__create_fn__"]() == 42
    assert {m: dict(c) for m, c in dataclass_code._code.items()} == before


def test_a_rewritten_file_keeps_only_the_code_in_use(tmp_path: Path) -> None:
    reference = _run(tmp_path)
    (path,) = tmp_path.glob("dataclass-code-*/judge_app.engine.bss.state.marshal")
    saved = marshal.loads(path.read_bytes())
    dropped = next(iter(saved))
    stale = "def __create_fn__():\n    pass\n"  # e.g. the code of a class since changed
    path.write_bytes(marshal.dumps({stale: compile(stale, "<string>", "exec", dont_inherit=True)}
                                   | {k: v for k, v in saved.items() if k != dropped}))
    again = _run(tmp_path)
    assert again["new"] == ["judge_app.engine.bss.state"] and again["methods"] == reference["methods"]
    assert marshal.loads(path.read_bytes()).keys() == saved.keys()
