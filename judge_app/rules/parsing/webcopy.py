"""Documents that print only some section ids ("web-copy" dialect).

Each line is one rule or a heading title. Rule ids are recovered by aligning the text, in
document order, with another version of the same game that prints every id: identical text
first (as anchors that never cross), then the most similar rule between the anchors. Every
recovered id keeps its evidence (method, similarity, neighbours).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from judge_app.rules.model import AlignmentRecord, Diagnostic, Document, DocumentInfo, Kind, Rule
from judge_app.rules.parsing import ids as idmod
from judge_app.rules.parsing.document import Assembled, Entry, strip_markup
from judge_app.rules.parsing.lines import Line, tokenize

_FUZZY_MIN = 0.55  # below this a line is not the same rule reworded


_FOLD = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "【": "[", "】": "]", "—": "-"})


def normalise(text: str) -> str:
    t = text.casefold()
    t = t.translate(_FOLD)
    t = re.sub(r"[\[\]\"'()*]", "", t)
    t = re.sub(r"\s+([.,;:!?])", r"\1", t)
    return re.sub(r"\s+", " ", t).strip()


def similarity(a: str, b: str, floor: float = 0.0) -> float:
    """Character-level similarity; 0.0 early when even the cheap upper bounds are below `floor`."""
    m = SequenceMatcher(None, a, b, autojunk=False)
    if m.real_quick_ratio() < floor or m.quick_ratio() < floor:
        return 0.0
    return m.ratio()


def _lis(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest chain of (old index, new index) pairs increasing in both: anchors that never cross."""
    import bisect

    tails: list[int] = []
    tails_idx: list[int] = []
    prev: list[int] = [-1] * len(pairs)
    for k, (_, j) in enumerate(pairs):
        pos = bisect.bisect_left(tails, j)
        if pos == len(tails):
            tails.append(j)
            tails_idx.append(k)
        else:
            tails[pos] = j
            tails_idx[pos] = k
        prev[k] = tails_idx[pos - 1] if pos else -1
    out = []
    k = tails_idx[-1] if tails_idx else -1
    while k != -1:
        out.append(pairs[k])
        k = prev[k]
    return list(reversed(out))


_Item = tuple[str, str | None, str, int]  # ("heading", id, title, lineno) or ("text", None, text, lineno)
_Assigned = dict[int, tuple[int, float, str]]  # item index -> (reference rule index, similarity, method)


def _web_items(lines: list[Line], info: DocumentInfo) -> list[_Item]:
    """The copy's lines: printed headings (an id alone, its title on the next line) and text lines."""
    items: list[_Item] = []
    k = 0
    while k < len(lines):
        ln = lines[k]
        if ln.numbered and not ln.text and k + 1 < len(lines) and not lines[k + 1].numbered:
            items.append(("heading", idmod.to_notation(idmod.clean(ln.ids[0]), info.notation),
                          strip_markup(lines[k + 1].text), ln.lineno))
            k += 2
            continue
        body = strip_markup((" ".join(ln.ids) + " " + ln.text).strip())
        if ln.bullet:
            body = body.lstrip("- ")
        items.append(("text", None, body, ln.lineno))
        k += 1

    return items


def _align(items: list[_Item], ref_rules: list[Rule]) -> _Assigned:
    """Text lines aligned with the reference's rules: identical texts in order first (a longest
    increasing subsequence), then the best fuzzy matches inside each gap between them."""
    ref_norm = [normalise(r.text if r.kind is Kind.RULE else (r.title or "")) for r in ref_rules]
    exact: dict[str, list[int]] = {}
    for n, t in enumerate(ref_norm):
        exact.setdefault(t, []).append(n)
    texts = [(n, it) for n, it in enumerate(items) if it[0] == "text"]
    norm = {n: normalise(it[2]) for n, it in texts}
    pairs = [(n, j) for n, _ in texts for j in exact.get(norm[n], [])]
    anchors = dict(_lis(pairs))  # item index -> ref index
    assigned: _Assigned = {n: (j, 1.0, "identical") for n, j in anchors.items()}
    # fuzzy matches between anchors
    anchor_items = sorted(anchors)
    bounds = [(-1, -1)] + [(n, anchors[n]) for n in anchor_items] + [(len(items), len(ref_rules))]
    for (lo_i, lo_j), (hi_i, hi_j) in zip(bounds, bounds[1:], strict=False):
        gap_items = [n for n, _ in texts if lo_i < n < hi_i]
        gap_refs = list(range(lo_j + 1, hi_j))
        if not gap_items or not gap_refs:
            continue
        # order-preserving best matches inside the gap (small dynamic programme)
        scores = {(n, j): similarity(norm[n], ref_norm[j], _FUZZY_MIN) if ref_rules[j].kind is Kind.RULE else 0.0
                  for n in gap_items for j in gap_refs}
        best = _align_gap(gap_items, gap_refs, scores)
        for n, j in best:
            if scores[(n, j)] >= _FUZZY_MIN:
                assigned[n] = (j, scores[(n, j)], "reworded" if scores[(n, j)] < 0.97 else "near-identical")
    return assigned


def assemble_web_copy(info: DocumentInfo, text: str, ref: Document) -> Assembled:
    lines = tokenize(text)
    diags: list[Diagnostic] = []
    # 1. lines: printed headings and text
    items = _web_items(lines, info)
    # 2. align text lines with the reference's rules
    # headings take part by title: a copy may print a heading's title without its id
    ref_rules = [r for r in ref if r.kind in (Kind.RULE, Kind.CHAPTER, Kind.SECTION)]
    assigned = _align(items, ref_rules)

    # 3. build entries: printed headings, aligned rules, unaligned lines
    first = min(assigned) if assigned else len(items)
    last = max(assigned) if assigned else -1
    entries: list[Entry] = []
    by_id: dict[str, Entry] = {}
    records: list[AlignmentRecord] = []
    preamble: list[tuple[int, str]] = []

    def add(e: Entry) -> None:
        entries.append(e)
        by_id[e.id] = e

    prev_id: str | None = None
    for n, (kind, pid, body, lineno) in enumerate(items):
        if kind == "heading":
            assert pid is not None  # headings always carry their printed id (see the items above)
            rref = ref.get(pid)
            d = idmod.depth(pid)
            add(Entry(pid, Kind.CHAPTER if d == 1 else Kind.SECTION, body, [], lineno))
            if rref is not None and rref.title and normalise(rref.title) != normalise(body):
                diags.append(Diagnostic("heading-title", lineno, f"heading {pid} is titled {body!r} here and "
                                        f"{rref.title!r} in {ref.version}", rule=pid))
            prev_id = pid
            continue
        if n < first or n > last:
            if n < first or (n > last and not any(it[0] == "text" and m in assigned for m, it in enumerate(items) if m > n)):
                preamble.append((lineno, body))
                diags.append(Diagnostic("not-a-rule", lineno, f"text outside the rules (site notes): {body[:70]!r}"))
                continue
        if n in assigned and ref_rules[assigned[n][0]].kind is not Kind.RULE:
            r = ref_rules[assigned[n][0]]
            add(Entry(r.id, r.kind, body, [], lineno))
            records.append(AlignmentRecord(lineno, r.id, 1.0, "heading-title", prev_id, None, body[:80]))
            prev_id = r.id
            continue
        if n in assigned:
            j, sim, method = assigned[n]
            rid = ref_rules[j].id
            add(Entry(rid, Kind.RULE, None, [body], lineno))
            records.append(AlignmentRecord(lineno, rid, round(sim, 3), method, prev_id, None, body[:80]))
            if method != "identical":
                diags.append(Diagnostic("recovered-id", lineno, f"id {rid} recovered for a {method} rule "
                                        f"(similarity {sim:.2f} with {ref.version})", rule=rid,
                                        evidence=f"after {prev_id}; {ref.version} text: {ref_rules[j].text[:90]!r}"))
            prev_id = rid
        else:
            rid = _free_id(prev_id, by_id, ref, info)
            add(Entry(rid, Kind.RULE, None, [body], lineno))
            records.append(AlignmentRecord(lineno, rid, 0.0, "only-in-this-version", prev_id, None, body[:80]))
            diags.append(Diagnostic("recovered-id", lineno, f"no rule of {ref.version} matches this text; "
                                    f"given the id {rid} after {prev_id}", rule=rid, doubtful=True,
                                    evidence=f"best similarity below {_FUZZY_MIN}"))
            prev_id = rid
    # next neighbours for the evidence
    for k2 in range(len(records) - 1):
        records[k2] = records[k2].with_next(records[k2 + 1].id)

    # 4. headings the copy does not print are taken from the reference, so every parent exists
    entries = _add_missing_ancestors(entries, ref, info, diags)
    entries.sort(key=lambda e: idmod.sort_key(e.id))
    _link(entries, info)
    return Assembled(entries, diags, [], [], preamble, alignment=records)


def _align_gap(items: list[int], refs: list[int], scores: dict[tuple[int, int], float]) -> list[tuple[int, int]]:
    """Monotone alignment maximising total similarity above the threshold (Needleman-Wunsch, no gap cost)."""
    n, m = len(items), len(refs)
    dp = [[0.0] * (m + 1) for _ in range(n + 1)]
    for a in range(n - 1, -1, -1):
        for b in range(m - 1, -1, -1):
            s = scores[(items[a], refs[b])]
            take = (s + dp[a + 1][b + 1]) if s >= _FUZZY_MIN else -1.0
            dp[a][b] = max(take, dp[a + 1][b], dp[a][b + 1])
    out = []
    a = b = 0
    while a < n and b < m:
        s = scores[(items[a], refs[b])]
        if s >= _FUZZY_MIN and dp[a][b] == s + dp[a + 1][b + 1]:
            out.append((items[a], refs[b]))
            a += 1
            b += 1
        elif dp[a][b] == dp[a + 1][b]:
            a += 1
        else:
            b += 1
    return out


def _free_id(prev_id: str | None, taken: dict[str, Entry], ref: Document, info: DocumentInfo) -> str:
    """An id for a rule only this version has: the next sibling of the rule before it, if free."""
    base = idmod.parts(prev_id) if prev_id else (0,)
    cand = base[:-1] + (base[-1] + 1,)
    while idmod.join(cand, info.notation) in taken:
        cand = cand[:-1] + (cand[-1] + 1,)
    return idmod.join(cand, info.notation)


def _add_missing_ancestors(entries: list[Entry], ref: Document, info: DocumentInfo,
                           diags: list[Diagnostic]) -> list[Entry]:
    have = {e.id for e in entries}
    extra: list[Entry] = []
    for e in entries:
        nums = idmod.parts(e.id)
        for k in range(1, len(nums)):
            pid = idmod.join(nums[:k], info.notation)
            if pid in have:
                continue
            r = ref.get(pid)
            if r is None:
                continue
            # only a heading's title is borrowed; another version's rule text is never put in this one
            kind = r.kind if r.kind in (Kind.CHAPTER, Kind.SECTION) else Kind.SECTION
            title = r.title if r.title else f"{pid} (not printed in this copy)"
            extra.append(Entry(pid, kind, title, [], e.line))
            have.add(pid)
            diags.append(Diagnostic("heading-from-other-version", e.line,
                                    f"{pid} is not printed in this copy; taken from {ref.version} so that "
                                    f"{e.id} has its parent", rule=pid,
                                    evidence=f"{ref.version}: {r.title or r.text[:60]!r}"))
    return entries + extra


def _link(entries: list[Entry], info: DocumentInfo) -> None:
    known = {e.id: e for e in entries}
    for e in entries:
        nums = idmod.parts(e.id)
        e.parent = None
        for k in range(len(nums) - 1, 0, -1):
            pid = idmod.join(nums[:k], info.notation)
            if pid in known:
                e.parent = pid
                break
        e.children = []
    for e in entries:
        if e.parent:
            known[e.parent].children.append(e.id)
