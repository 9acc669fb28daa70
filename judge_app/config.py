"""Every setting of the service, listed once: its name, type, default, what it does, who reads it.

Three readers, one table:
- the web app: Flask's `from_prefixed_env("JUDGE")` (`apply_to_flask`), into `app.config`;
- the CLI: click's `envvar=` on the option that takes the setting (`envvar`);
- code that runs without Flask (data folders, the index, `judge rule --json`, the test server
  starter): `value` here.
No other module reads `os.environ` for a `JUDGE_` name (tests/test_config.py checks it, and that
each setting takes effect). `python -m judge_app.config > docs/configuration.md` writes the docs.
Kept free of Flask and click imports: `paths.py` and the CLI's fast path use it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge_app.errors import JudgeError

PREFIX = "JUDGE_"


class ConfigError(JudgeError):
    code = "bad_setting"


def _bool(text: str) -> bool:
    low = text.strip().lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected 1/0, true/false, yes/no or on/off")


def _url(text: str) -> str | None:
    return text.strip().rstrip("/") or None


def _port_range(text: str) -> range:
    lo, sep, hi = text.partition("-")
    if not sep:
        raise ValueError('expected "LOW-HIGH", e.g. 8190-8199')
    return range(int(lo), int(hi) + 1)


PARSERS: dict[str, Any] = {"path": Path, "text": str, "int": int, "bool": _bool, "url": _url,
                           "port range": _port_range}


@dataclass(frozen=True)
class Setting:
    name: str
    type: str  # a key of PARSERS
    default: Any  # the value when unset (None: computed, see `shown`)
    doc: str
    readers: str
    app: bool = False  # read by the web app (app.config[name])
    option: str | None = None  # the CLI option that takes it (click envvar=)
    shown: str | None = None  # the default as the docs show it, when not `default` itself

    def parse(self, text: str) -> Any:
        try:
            return PARSERS[self.type](text)
        except ValueError as e:
            raise ConfigError(f"{self.name}={text[:80]!r} is not a valid {self.type}: {e}") from None


SERVE = "`judge serve`"
APP = "web app"
SETTINGS: tuple[Setting, ...] = (
    Setting("JUDGE_DATA_DIR", "path", None, "Writable folder for caches and the search index.",
            "every command and the web app (`paths.data_dir`)", shown="`$XDG_CACHE_HOME/judge` or `~/.cache/judge`"),
    Setting("JUDGE_RULES_DIR", "path", None, "Folder of the rule documents to load instead of the bundled ones.",
            "every command and the web app (`paths.rules_text_dir`)", shown="the bundled `rules_text/`"),
    Setting("JUDGE_INDEX_DIR", "path", None, "Folder of the search index builds.",
            "`judge index`, `judge search`, the web app (`search.store`)", shown="`$JUDGE_DATA_DIR/index`"),
    Setting("JUDGE_BASE_URL", "url", None,
            "Public address of the service, e.g. `https://judge.example.org`: absolute links (canonical links, "
            "citations, chat answers, `judge rule --json`) are built from it, never from a request's Host header. "
            "Unset: links are relative; `judge serve` on a named address uses that address.",
            f"{APP}, {SERVE} (`--base-url`), `judge rule --json`", app=True, option="--base-url"),
    Setting("JUDGE_PUBLIC_URL", "url", None, "The former name of `JUDGE_BASE_URL` (used when that is unset).",
            f"{APP}, {SERVE}, `judge rule --json`", app=True),
    Setting("JUDGE_PROXY_HOPS", "int", 0,
            "Trusted reverse proxies in front of the app that set `X-Forwarded-*`; 0: those headers are ignored.",
            APP, app=True),
    Setting("JUDGE_FORWARDED_ALLOW_IPS", "text", "",
            "Addresses gunicorn accepts `X-Forwarded-*` from (its `forwarded_allow_ips`); empty: none.",
            f"{SERVE} (`--forwarded-allow-ips`)", option="--forwarded-allow-ips", shown="empty"),
    Setting("JUDGE_HOST", "text", "127.0.0.1", "Address to listen on.", f"{SERVE} (`--host`)", option="--host"),
    Setting("JUDGE_PORT", "int", 8000, "Port to listen on.", f"{SERVE} (`--port`)", option="--port"),
    Setting("JUDGE_RESPONSE_CACHE", "int", 4096,
            "Rendered pages (rules, browse, glossary, searches) kept per worker.", APP, app=True),
    Setting("JUDGE_RESPONSE_CACHE_BYTES", "int", 32 * 1024 * 1024,
            "The most bytes of rendered pages kept per worker.", APP, app=True, shown="33554432 (32 MB)"),
    Setting("JUDGE_SEARCH_CACHE", "bool", True, "Keep search answers in the response cache too.", APP, app=True),
    Setting("JUDGE_CHECK_PROCESSES", "int", 1,
            "Child processes per worker that run scenario checks (0: in the worker's thread).", APP, app=True),
    Setting("JUDGE_CHECK_QUEUE", "int", 1,
            "Checks that may wait for those processes; past that the answer is 503 with Retry-After.",
            APP, app=True),
    Setting("JUDGE_MAX_QUERY", "int", 300, "Characters in a search query or a rule reference.", APP, app=True),
    Setting("JUDGE_DISCORD_PUBLIC_KEY", "text", None,
            "The Discord application's public key (hex); unset: `/discord/interactions` is off.", APP, app=True,
            shown="unset"),
    Setting("JUDGE_SLACK_SIGNING_SECRET", "text", None,
            "The Slack app's signing secret; unset: `/slack/commands` is off.", APP, app=True, shown="unset"),
    Setting("JUDGE_BENCH", "bool", False, "Enables `GET /__ceiling`, the constant page the HTTP benchmark "
            "compares against. Benchmarks only.", APP, app=True),
    Setting("JUDGE_PORT_RANGE", "port range", None,
            "Ports the tests' and benchmarks' servers may use, e.g. `8190-8199`; unset: any free port.",
            "tests and benchmarks (`web.serverproc`)", shown="unset"),
)
BY_NAME = {s.name: s for s in SETTINGS}


def value(name: str) -> Any:
    """The setting's value from the environment, parsed; its default when unset or empty."""
    s = BY_NAME[name]
    text = os.environ.get(name)
    return s.default if text is None or text == "" else s.parse(text)


def envvar(name: str) -> str:
    """For click's `envvar=`: the name, checked against the table."""
    return BY_NAME[name].name


def app_defaults() -> dict[str, Any]:
    return {s.name: s.default for s in SETTINGS if s.app}


def apply_to_flask(config: Any) -> None:
    """Read the app's settings with Flask's `from_prefixed_env("JUDGE")` into `config` (a Flask
    Config), each parsed by its type; JUDGE_PUBLIC_URL fills JUDGE_BASE_URL when that is unset."""
    scratch = type(config)(config.root_path)
    scratch.from_prefixed_env(PREFIX.rstrip("_"), loads=str)
    for s in SETTINGS:
        text = scratch.get(s.name.removeprefix(PREFIX))
        if s.app and isinstance(text, str) and text != "":
            config[s.name] = s.parse(text)


def markdown() -> str:
    lines = ["# Configuration", "",
             "Every setting, generated from `judge_app/config.py` (`python -m judge_app.config > "
             "docs/configuration.md`; a test keeps this file current). Set them in the environment; the "
             "web app reads its settings with Flask's `from_prefixed_env(\"JUDGE\")`, the CLI options take "
             "theirs through click's `envvar`. An explicit CLI option wins over the environment.", "",
             "| name | type | default | what it does | read by |", "| --- | --- | --- | --- | --- |"]
    for s in SETTINGS:
        default = s.shown or f"`{s.default}`"
        lines.append(f"| `{s.name}` | {s.type} | {default} | {s.doc} | {s.readers} |")
    lines += ["", "Booleans accept 1/0, true/false, yes/no, on/off. A value that does not parse stops the "
              "app at start with a message naming the setting.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(), end="")
