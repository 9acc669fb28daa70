"""The scenario language: parse a scenario, replay it through a game's rules, answer with citations.

`check_text(source)` is the API used by `judge check`, the web page and POST /api/check.
"""

from judge_app.scenario.check import CheckResult, check_text

__all__ = ["CheckResult", "check_text"]
