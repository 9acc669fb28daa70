"""Random paths, query strings, bodies, headers and methods at every endpoint: never a 500."""

from __future__ import annotations

import os

import pytest
from flask.testing import EnvironBuilder
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from judge_app.web import create_app

PREFIXES = ["/", "/search", "/search.json", "/bss", "/bss/", "/bss/7-1-5", "/bss/7-1-5.json", "/ws/7.5.1.3",
            "/bss@pre-2023-11-21/11-3-1", "/bss/glossary", "/bss/diff/pre-2023-11-21/1.7.0", "/check",
            "/check.json", "/cite", "/api/cite", "/api/check", "/discord/interactions", "/slack/commands",
            "/static/app.css", "/healthz", "/robots.txt", "/monster/10.4.1", "/index.json", "/nope"]
QUERY_KEYS = ["q", "game", "v", "version", "since", "limit", "s", "example", "text", "format", "scenario", "page"]
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
LONG = PROFILE == "long"
# per HTTP entry point; the long profile's count can be lowered for a partial run, e.g.
# JUDGE_FUZZ_EXAMPLES=20000 (docs/reliability.md records the counts actually run)
EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "100000")) if LONG else 30
STRUCTURED_EXAMPLES = int(os.environ.get("JUDGE_FUZZ_STRUCTURED_EXAMPLES", "5000")) if LONG else 30
# no example database in the long profile: 100,000 examples a run would only be written to disk; a
# failure is shrunk and printed as usual
PROGRESS = os.environ.get("JUDGE_FUZZ_PROGRESS")  # a file: "<entry point>\t<examples run>" per 1,000
RAN: dict[str, int] = {}
FUZZ_SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
                 **({"database": None} if LONG else {})}



class Bytes:
    """A request decoded from one byte string, FuzzedDataProvider-style (libFuzzer, atheris).

    Hypothesis spends ~5 ms drawing the structured request of `test_no_request_gets_a_500` (some 35
    draws, each with its own bookkeeping) and ~0.5 ms drawing one byte string, so the long profile
    fuzzes through this decoder: the same vocabularies (methods, header names and values, query
    keys, sample bodies) and the same alphabets (any code point but surrogates, `?` and `#`, in
    path segments and query values; printable ASCII in header values; any bytes in bodies), so any
    request the structured strategies can draw has a byte string that decodes to it. Hypothesis
    still mutates and shrinks the byte string. Past the end every read is 0 (the shortest choice).
    """

    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def byte(self) -> int:
        b = self.data[self.pos] if self.pos < len(self.data) else 0
        self.pos += 1
        return b

    def count(self, most: int) -> int:
        return self.byte() % (most + 1)

    def choice(self, seq):
        return seq[self.byte() % len(seq)]

    def char(self) -> str:
        b = self.byte()
        if b < 0x80:
            return chr(b)
        cp = ((b & 0x7F) << 16 | self.byte() << 8 | self.byte()) % 0x110000
        return chr(cp + 0x800 if 0xD800 <= cp <= 0xDFFF else cp)  # never a surrogate (category Cs)

    def segment(self, most: int = 30) -> str:
        return "".join(c for c in (self.char() for _ in range(self.count(most))) if c not in "?#")

    def ascii(self, most: int) -> str:
        return "".join(chr(32 + self.byte() % 95) for _ in range(self.count(most)))

    def raw(self, most: int) -> bytes:
        n = self.count(most)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out


SAMPLE_HEADER_VALUES = ["application/json", "text/html", "*/*", "text/plain", "application/x-www-form-urlencoded",
                        "0", "-1", "9" * 30, "", "bytes=0-10", 'W/"x"']
SAMPLE_BODIES = [b'{"text": "CR 9-2"}', b'{"scenario": "game bss"}', b'{"type": 1}', b"command=/rule&text=bss+7-1-5",
                 b"game bss\nturn 1, A, main step\n", b"[", b"null", b'{"text": null}', b'{"text": "x", "format": []}']
METHOD_NAMES = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
HEADER_NAME_LIST = ["Accept", "Content-Type", "X-Signature-Ed25519", "X-Signature-Timestamp", "X-Slack-Signature",
                    "X-Slack-Request-Timestamp", "If-None-Match", "Range", "Accept-Language", "Cookie"]


SEGMENT = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="?#"), max_size=30)
METHODS = st.sampled_from(METHOD_NAMES)
HEADER_NAMES = st.sampled_from(HEADER_NAME_LIST)
HEADER_VALUES = st.one_of(st.sampled_from(SAMPLE_HEADER_VALUES),
                          st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40))
BODIES = st.one_of(st.binary(max_size=300), st.sampled_from(SAMPLE_BODIES))


def decode_request(data: bytes) -> tuple[str, list[str], dict[str, str], dict[str, str], bytes]:
    """(method, extra path segments, query, headers, body) read from `data` (see Bytes)."""
    b = Bytes(data)
    method = b.choice(METHOD_NAMES)
    extra = [b.segment() for _ in range(b.count(3))]
    query = {b.choice(QUERY_KEYS): b.segment() for _ in range(b.count(4))}
    headers = {b.choice(HEADER_NAME_LIST): (b.choice(SAMPLE_HEADER_VALUES) if b.byte() % 2 else b.ascii(40))
               for _ in range(b.count(3))}
    body = b.choice(SAMPLE_BODIES) if b.byte() % 4 == 0 else b.raw(300)
    return method, extra, query, headers, body


@pytest.fixture(scope="module")
def client(lib, tmp_path_factory):
    from judge_app.search import SearchService

    svc = SearchService.open(lib, index_dir=tmp_path_factory.mktemp("http-fuzz-index"))
    # the long profile runs checks inline: the pool's transport is tested in test_admission.py, and
    # a round trip to the child per example would double the cost of /api/check and /check
    app = create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": svc, "TESTING": False,
                      "JUDGE_DISCORD_PUBLIC_KEY": "00" * 32, "JUDGE_SLACK_SIGNING_SECRET": "s3cret",
                      **({"JUDGE_CHECK_PROCESSES": 0} if LONG else {})})
    return app.test_client()


@settings(max_examples=STRUCTURED_EXAMPLES, **FUZZ_SETTINGS)
@pytest.mark.parametrize("prefix", PREFIXES)
@given(method=METHODS, extra=st.lists(SEGMENT, max_size=3),
       query=st.dictionaries(st.sampled_from(QUERY_KEYS), SEGMENT, max_size=4),
       headers=st.dictionaries(HEADER_NAMES, HEADER_VALUES, max_size=3), body=BODIES)
@example(method="GET", extra=["["], query={}, headers={}, body=b"")  # "//[" under "/": not buildable
def test_no_request_gets_a_500(client, method, prefix, extra, query, headers, body):
    _no_500(client, method, prefix, extra, query, headers, body)


@settings(max_examples=EXAMPLES, **FUZZ_SETTINGS)
@pytest.mark.parametrize("prefix", PREFIXES)
@given(request=st.binary(max_size=1024).map(decode_request))
def test_no_decoded_request_gets_a_500(client, prefix, request):
    """The same property at a tenth of hypothesis's cost per example (see Bytes): the long profile's
    100,000 examples per entry point run here."""
    _no_500(client, request[0], prefix, *request[1:])
    if PROGRESS:  # a partial long run still knows how many examples it ran (docs/reliability.md)
        RAN[prefix] = RAN.get(prefix, 0) + 1
        if RAN[prefix] % 1000 == 0:
            with open(PROGRESS, "a") as fh:
                fh.write(f"{prefix}\t{RAN[prefix]}\n")


def _no_500(client, method, prefix, extra, query, headers, body):
    path = prefix + ("/" + "/".join(extra) if extra else "")
    try:
        # build the request alone first: an address the client cannot even build ("//[" is read as
        # a broken IPv6 host, some characters cannot be encoded) is never sent to any server
        req = EnvironBuilder(client.application, path=path, method=method, query_string=query, headers=headers,
                             data=body).get_request()
    except (UnicodeError, ValueError):
        return
    r = client.open(req)
    assert r.status_code < 500, (method, path, query, r.get_data()[:300])
    if r.status_code >= 400 and method != "HEAD":
        text = r.get_data(as_text=True)
        assert text.strip(), "an error says what is wrong"
        assert "Traceback" not in text
