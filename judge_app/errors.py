"""One error hierarchy for the whole service; the web layer turns these into 4xx answers."""

from __future__ import annotations


class JudgeError(Exception):
    """Base of every error the service reports to a user."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, hint: str | None = None, details: dict | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.details = details or {}

    def to_dict(self) -> dict:
        out: dict = {"error": self.code, "message": self.message}
        if self.hint:
            out["hint"] = self.hint
        if self.details:
            out.update(self.details)
        return out


class NotFound(JudgeError):
    status = 404
    code = "not_found"


class UnknownGame(NotFound):
    code = "unknown_game"


class UnknownVersion(NotFound):
    code = "unknown_version"


class UnknownRule(NotFound):
    code = "unknown_rule"


class BadQuery(JudgeError):
    code = "bad_query"


class TooLarge(JudgeError):
    status = 413
    code = "too_large"


class UriTooLong(JudgeError):
    status = 414
    code = "uri_too_long"


class ScenarioError(JudgeError):
    """A scenario that cannot be parsed or executed; points at line and column."""

    code = "scenario_error"

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 text: str | None = None, hint: str | None = None):
        details = {k: v for k, v in {"line": line, "column": column, "text": text}.items() if v is not None}
        super().__init__(message, hint=hint, details=details)
        self.line = line
        self.column = column
        self.text = text

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "") if self.line else ""
        s = f"{where}: {self.message}" if where else self.message
        if self.hint:
            s += f" ({self.hint})"
        return s


class Unauthorized(JudgeError):
    status = 401
    code = "unauthorized"


class ServiceUnavailable(JudgeError):
    status = 503
    code = "unavailable"


class Busy(ServiceUnavailable):
    """The service is saturated or a request hit its wall-clock safety net: try again shortly.

    Never a verdict: the same request on a quiet machine gets its answer.
    """

    code = "busy"

    def __init__(self, message: str, *, retry_after: int = 5, hint: str | None = None):
        super().__init__(message, hint=hint or f"try again in {retry_after} s")
        self.retry_after = retry_after


def _restore(cls, args, state):
    e = cls.__new__(cls)
    Exception.__init__(e, *args)
    e.__dict__.update(state)
    return e


# Errors cross process boundaries (the checker's pool) with their keyword-only details intact.
def _reduce(self: JudgeError) -> tuple:
    return (_restore, (type(self), self.args, dict(self.__dict__)))


JudgeError.__reduce__ = _reduce  # type: ignore[method-assign,assignment]
