"""Assemble tokenised lines into a rule tree, repairing the extraction's mess and saying so.

The documents are extractions from PDFs and web pages. Each repair made here is recorded as a
`Diagnostic`, so `judge doctor` can list what was changed and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge_app.rules.model import AlignmentRecord, Diagnostic, DocumentInfo, Kind, Notation, TocEntry
from judge_app.rules.parsing import ids as idmod
from judge_app.rules.parsing.lines import Line, tokenize

_TERMINAL = re.compile(r"[.:;!?。](?:\*\*|\*)?[\"”’')\]】」]*$")
_VERBS = re.compile(
    r"\b(?:is|are|was|were|has|have|can|may|must|will|does|do|becomes?|refers?|means|cannot|should|"
    r"gets?|gains?|loses?|takes?|places?|puts?|moves?)\b"
)
_QUOTED = re.compile(
    r"\"[^\"]*\"|“[^”]*”|(?<!\w)['‘][^'’]*['’](?!\w)|「[^」]*」|『[^』]*』|\[[^\]]*\]|【[^】]*】|《[^》]*》|\([^)]*\)"
)
_EXAMPLE = re.compile(r"^\*?\s*(?:Example|E\.g\.)s?\s*[:：]\s*", re.I)
_TOC_START = re.compile(r"^(?:table of )?contents\b", re.I)
_CHANGELOG_START = re.compile(r"(?:change\s*log|new topics and changes)\s*$", re.I)
_EMBEDDED_ID = re.compile(r"(?<=[.!?])[\"”’']?\s+(\d{1,3}(?:[-.]\d{1,3})+)\.?:?\s+(?=[A-Z‘'“\"(【\[《『])")


@dataclass
class Entry:
    """A rule tree entry while it is being assembled."""

    id: str
    kind: Kind
    title: str | None
    paragraphs: list[str]
    line: int
    printed_id: str | None = None
    hashes: int = 0
    parent: str | None = None
    children: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(p for p in self.paragraphs if p)

    def last_text(self) -> str:
        return self.paragraphs[-1] if self.paragraphs else (self.title or "")


@dataclass
class Assembled:
    entries: list[Entry]
    diagnostics: list[Diagnostic]
    toc: list[TocEntry]
    changelog_lines: list[tuple[int, str, int]]  # (line, text, indent)
    preamble: list[tuple[int, str]]
    alignment: list[AlignmentRecord] = field(default_factory=list)  # web-copy documents only


def strip_markup(text: str) -> str:
    """Remove markdown emphasis markers and list bullets; keep quotes and brackets as printed."""
    text = text.replace("**", "")
    text = re.sub(r"(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])", "", text)
    text = re.sub(r"(?<!\w)__(?=\S)|(?<=\S)__(?!\w)", "", text)
    return re.sub(r"[ \t]+", " ", text).strip()


def ends_sentence(text: str) -> bool:
    return bool(_TERMINAL.search(text.strip()))


def looks_like_sentence(text: str) -> bool:
    """A rule rather than a heading: ends like a sentence, or has a verb outside quotes."""
    bare = _QUOTED.sub(" ", text)
    if ends_sentence(text) and len(text.split()) > 3:
        return True
    return bool(_VERBS.search(bare)) or len(bare.split()) > 12


def _fold(title: str) -> str:
    return re.sub(r"\W+", " ", title).strip().casefold()


def _starts_lower(text: str) -> bool:
    t = text.lstrip("*_ \"“‘'(")
    return bool(t) and t[0].islower()


def _is_table_row(raw: str, line: Line) -> bool:
    stripped = raw.strip()
    if stripped.startswith("|") or (line.bullet and line.text.startswith("|")):
        return True
    return raw.count("\t") >= 3


class _Assembler:
    def __init__(self, info: DocumentInfo, text: str):
        self.info = info
        self.notation = info.notation
        self.raw_lines = text.split("\n")
        self.lines = tokenize(text)
        self.entries: list[Entry] = []
        self.by_id: dict[str, Entry] = {}
        self.diags: list[Diagnostic] = []
        self.toc: list[TocEntry] = []
        self.changelog: list[tuple[int, str, int]] = []
        self.preamble: list[tuple[int, str]] = []
        self.current: Entry | None = None  # the entry unnumbered text attaches to
        self.current_rule: Entry | None = None  # the numbered entry examples attach to
        self.table: Entry | None = None
        self.derived_counts: dict[tuple[str, str], int] = {}

    # -- helpers -----------------------------------------------------------------------------
    def diag(self, kind: str, line: int | None, message: str, **kw: Any) -> None:
        self.diags.append(Diagnostic(kind=kind, line=line, message=message, **kw))

    def raw(self, line: Line) -> str:
        return self.raw_lines[line.lineno - 1]

    def norm_id(self, printed: str, lineno: int) -> str:
        cleaned = idmod.clean(printed)
        wanted = idmod.to_notation(cleaned, self.notation)
        if wanted != cleaned:
            self.diag("id-notation", lineno, f"id {printed!r} printed in the other notation; read as {wanted}",
                      printed=printed, repaired=wanted)
        return wanted

    # -- regions -----------------------------------------------------------------------------
    def run(self) -> Assembled:
        lines = self.lines
        i = 0
        n = len(lines)
        # preamble and table of contents
        while i < n and not lines[i].numbered:
            if _TOC_START.match(lines[i].text):
                i = self._read_toc(i + 1)
                break
            self.preamble.append((lines[i].lineno, lines[i].text))
            i += 1
        while i < n and not lines[i].numbered:  # "Rules", "## Rules" between contents and body
            self.preamble.append((lines[i].lineno, lines[i].text))
            i += 1
        while i < n:
            line = lines[i]
            if not line.numbered and _CHANGELOG_START.search(line.text):
                self._start_changelog(line)
                self.changelog = [
                    (ln.lineno, (" ".join(ln.ids) + " " + ln.text).strip(),
                     len(self.raw(ln)) - len(self.raw(ln).lstrip()))
                    for ln in lines[i + 1:]]
                break
            nxt = lines[i + 1] if i + 1 < n else None
            self._body_line(line, nxt)
            i += 1
        self._fix_heading_order()
        self._link()
        self._check_sequence()
        self._check_toc()
        return Assembled(self.entries, self.diags, self.toc, self.changelog, self.preamble)

    def _read_toc(self, i: int) -> int:
        last = 0
        while i < len(self.lines):
            line = self.lines[i]
            if not line.numbered or len(line.ids) != 1:
                break
            nums = idmod.parts(idmod.clean(line.ids[0]))
            if len(nums) != 1 or nums[0] <= last:
                break
            last = nums[0]
            title = re.sub(r"[\t .]*\d*\s*$", "", line.text.replace("\t", " ")).strip()
            title = re.sub(r"\.{2,}.*$", "", title).strip()
            self.toc.append(TocEntry(str(nums[0]), title, line.lineno))
            i += 1
        return i

    def _start_changelog(self, line: Line) -> None:
        m = _CHANGELOG_START.search(line.text)
        junk = line.text[: m.start()].strip() if m else ""
        if junk and not re.fullmatch(r"#*", junk):
            self.diag("stray-text", line.lineno,
                      f"changelog heading printed with stray text {junk!r} before it ({line.text!r})",
                      printed=line.text, repaired=line.text[m.start():] if m else None)

    # -- body --------------------------------------------------------------------------------
    def _body_line(self, line: Line, nxt: Line | None) -> None:
        raw = self.raw(line)
        if _is_table_row(raw, line):
            self._table_row(line, raw)
            return
        self.table = None
        if line.numbered:
            self._numbered(line, nxt)
        else:
            self._plain(line, nxt)

    def _table_row(self, line: Line, raw: str) -> None:
        row = raw.strip()
        if row.startswith("- "):
            row = row[2:]
        if self.table is None:
            owner = self.current_rule or self.current
            self.table = self._add_derived(owner, Kind.NOTE, row, line.lineno)
            self.diag("table", line.lineno, f"table kept as a note of {owner.id if owner else 'the document'}",
                      rule=self.table.id)
        else:
            self.table.paragraphs[-1] += "\n" + row

    def _add_derived(self, owner: Entry | None, kind: Kind, text: str, lineno: int) -> Entry:
        parent = owner
        while parent is not None and parent.kind in (Kind.EXAMPLE, Kind.NOTE):
            parent = self.by_id.get(parent.parent or "")
        pid = parent.id if parent else "0"
        short = "ex" if kind is Kind.EXAMPLE else "note"
        k = (pid, short)
        self.derived_counts[k] = self.derived_counts.get(k, 0) + 1
        eid = idmod.derived(pid, short, self.derived_counts[k], self.notation)
        e = Entry(eid, kind, None, [text], lineno, parent=parent.id if parent else None)
        self._append(e)
        return e

    def _append(self, e: Entry) -> None:
        self.entries.append(e)
        self.by_id[e.id] = e

    def _numbered(self, line: Line, nxt: Line | None) -> None:
        printed = line.ids[0]
        text = line.text
        if len(line.ids) > 1:
            if all(idmod.clean(x) == idmod.clean(printed) for x in line.ids[1:]):
                self.diag("doubled-id", line.lineno, f"id printed twice: {' '.join(line.ids)}",
                          printed=" ".join(line.ids), repaired=idmod.clean(printed))
            else:  # a number that starts the text, not a second id
                text = " ".join(line.ids[1:]) + (" " + text if text else "")
        rid = self.norm_id(printed, line.lineno)
        if line.colon:
            self.diag("id-colon", line.lineno, f"id followed by a colon: {printed}:", printed=printed + ":",
                      repaired=rid)
        if re.match(r"^\.\s", text):
            self.diag("stray-punctuation", line.lineno, f"stray '.' between id {printed} and its text",
                      printed=f"{printed} {text[:12]}", repaired=rid)
            text = text[2:]
        text = strip_markup(text)
        # two rules printed on one line
        pieces = self._split_embedded(rid, text, line.lineno)
        for k, (pid, ptext) in enumerate(pieces):
            last = k == len(pieces) - 1
            self._new_entry(pid, ptext, line, nxt if last else None, printed if k == 0 else pid)

    def _split_embedded(self, rid: str, text: str, lineno: int) -> list[tuple[str, str]]:
        out = [(rid, text)]
        while True:
            cur_id, cur_text = out[-1]
            found = None
            for m in _EMBEDDED_ID.finditer(cur_text):
                cand = idmod.to_notation(m.group(1), self.notation)
                if m.group(1) != cand and self.notation is Notation.DASH and "." in m.group(1):
                    continue
                if idmod.parts(cand) in idmod.successors(idmod.parts(cur_id)):
                    found = m
                    break
            if not found:
                return out
            cand = idmod.to_notation(found.group(1), self.notation)
            before = cur_text[: found.start()].rstrip() + cur_text[found.start():found.start(1)].strip()
            after = cur_text[found.end():]
            out[-1] = (cur_id, before.strip())
            out.append((cand, after.strip()))
            self.diag("two-rules-one-line", lineno, f"rules {cur_id} and {cand} printed on one line; split",
                      rule=cand, repaired=f"{cur_id} | {cand}")

    def _new_entry(self, rid: str, text: str, line: Line, nxt: Line | None, printed: str) -> None:
        d = idmod.depth(rid)
        continues = nxt is not None and not nxt.numbered and _starts_lower(nxt.text)
        heading = False
        if d == 1:
            heading = not looks_like_sentence(text) or line.hashes > 0
        elif line.hashes:
            heading = not (ends_sentence(text) and looks_like_sentence(text))
            if not heading:
                self.diag("rule-as-heading", line.lineno,
                          f"rule {rid} is printed as a level-{line.hashes} markdown heading; read as a rule",
                          rule=rid, printed="#" * line.hashes + " " + printed)
        elif text and not ends_sentence(text) and not continues and not looks_like_sentence(text):
            heading = True
        kind = Kind.RULE
        title = None
        paragraphs = [text] if text else []
        if heading:
            kind = Kind.CHAPTER if d == 1 else Kind.SECTION
            title, paragraphs = text, []
        if rid in self.by_id:
            rid = self._repair_duplicate(rid, line)
        e = Entry(rid, kind, title, paragraphs, line.lineno, hashes=line.hashes,
                  printed_id=idmod.clean(printed) if idmod.clean(printed) != rid else None)
        self._append(e)
        self.current = e
        self.current_rule = e

    def _next_printed(self, line: Line) -> str | None:
        for later in self.lines:
            if later.lineno > line.lineno and later.numbered and not _is_table_row(self.raw(later), later):
                return idmod.to_notation(idmod.clean(later.ids[0]), self.notation)
        return None

    def _repair_duplicate(self, rid: str, line: Line) -> str:
        """Decide what a second printing of an id really is, from its neighbours."""
        nums = idmod.parts(rid)
        nxt = self._next_printed(line)
        nxt_nums = idmod.parts(nxt) if nxt else None
        child = nums + (1,)
        free_sibling = nums[:-1] + (nums[-1] + 1,)
        while idmod.join(free_sibling, self.notation) in self.by_id:
            free_sibling = free_sibling[:-1] + (free_sibling[-1] + 1,)
        if nxt_nums and nxt_nums[: len(child)] == child[:-1] + (2,) and len(nxt_nums) == len(child) \
                and idmod.join(child, self.notation) not in self.by_id:
            repaired = idmod.join(child, self.notation)
            evidence = (f"the next printed id is {nxt}, which needs {repaired} before it; "
                        f"{rid} itself was printed on line {self.by_id[rid].line}")
        else:
            repaired = idmod.join(free_sibling, self.notation)
            has_child = idmod.join(child, self.notation) in self.by_id
            why = (f"{idmod.join(child, self.notation)} already follows the first {rid}, so this is not its first child"
                   if has_child else f"nothing after it needs a child of {rid}")
            evidence = (f"{rid} was already printed on line {self.by_id[rid].line}; {why}; the next printed id is "
                        f"{nxt}; the printed depth is kept and the next free sibling {repaired} is used")
        self.diag("duplicate-id", line.lineno, f"id {rid} printed a second time; read as {repaired}",
                  rule=repaired, printed=rid, repaired=repaired, evidence=evidence)
        return repaired

    def _check_sequence(self) -> None:
        """After all repairs, every id must be the first child or a next sibling of the one before."""
        prev: Entry | None = None
        for e in self.entries:
            if e.kind in (Kind.EXAMPLE, Kind.NOTE):
                continue
            if prev is not None:
                nums, prev_nums = idmod.parts(e.id), idmod.parts(prev.id)
                if nums <= prev_nums:
                    self.diag("out-of-order", e.line, f"{e.id} is printed after {prev.id}", rule=e.id,
                              doubtful=True)
                elif nums not in idmod.successors(prev_nums):
                    expected = ", ".join(idmod.join(x, self.notation) for x in idmod.successors(prev_nums))
                    self.diag("sequence-gap", e.line, f"{e.id} follows {prev.id}; the ids between are not printed",
                              rule=e.id, evidence=f"expected one of {expected}", doubtful=True)
            prev = e

    def _check_toc(self) -> None:
        """Compare the table of contents with the chapter headings of the body."""
        chapters = {e.id: e for e in self.entries if e.kind is Kind.CHAPTER}
        by_title = {_fold(e.title or ""): e for e in chapters.values()}
        for t in self.toc:
            body = chapters.get(t.id)
            if body is not None and _fold(body.title or "") == _fold(t.title):
                if (body.title or "") != t.title:
                    self.diag("toc-title", t.line, f"contents print chapter {t.id} as {t.title!r}, the body as "
                              f"{body.title!r} (capitalisation only)", rule=t.id)
                continue
            moved = by_title.get(_fold(t.title))
            if moved is not None:
                self.diag("toc-number", t.line, f"contents number {t.title!r} as chapter {t.id}; the body numbers "
                          f"it {moved.id}", rule=moved.id, printed=t.id, repaired=moved.id,
                          evidence="same chapter title; the contents predate a renumbering")
            elif body is not None:
                self.diag("toc-title", t.line, f"contents title chapter {t.id} {t.title!r}; the body heading is "
                          f"{body.title!r}", rule=t.id, printed=t.title, repaired=body.title)
            elif _fold(t.title) != "changelog":
                self.diag("toc-missing", t.line, f"contents list chapter {t.id} {t.title!r}, which the body lacks",
                          doubtful=True)

    # -- unnumbered lines --------------------------------------------------------------------
    def _plain(self, line: Line, nxt: Line | None) -> None:
        text = strip_markup(line.text)
        if not text or (line.hashes and not text):
            return
        if _EXAMPLE.match(line.text.lstrip("*")) or _EXAMPLE.match(line.text):
            body = text
            self._add_derived(self.current_rule, Kind.EXAMPLE, body, line.lineno)
            self.current = self.entries[-1]
            return
        cur = self.current
        if cur is None:
            self.preamble.append((line.lineno, line.text))
            return
        prev_text = cur.last_text() if cur.paragraphs else ""
        blank_between = line.lineno > 1 and not self.raw_lines[line.lineno - 2].strip()
        if cur.paragraphs and (not ends_sentence(prev_text) or _starts_lower(text)):
            cur.paragraphs[-1] = prev_text + " " + text
            self.diag("joined-line", line.lineno,
                      f"line joined to the text of {cur.id}" + (" across a blank line" if blank_between else ""),
                      rule=cur.id)
            return
        words = text.split()
        continues = nxt is not None and not nxt.numbered and _starts_lower(nxt.text)
        if not ends_sentence(text) and len(words) <= 6 and not continues and not _starts_lower(text):
            owner = self.current_rule or cur
            note = self._add_derived(owner, Kind.NOTE, text, line.lineno)
            self.diag("caption", line.lineno,
                      f"caption of a lost image or icon kept as a note of {owner.id}: {text!r}", rule=note.id)
            return
        if cur.kind in (Kind.CHAPTER, Kind.SECTION) and not cur.paragraphs:
            self.diag("heading-text", line.lineno, f"unnumbered paragraph under heading {cur.id} kept as its text",
                      rule=cur.id)
        elif cur.kind not in (Kind.EXAMPLE, Kind.NOTE):
            self.diag("paragraph", line.lineno, f"unnumbered paragraph kept as part of {cur.id}", rule=cur.id)
        cur.paragraphs.append(text)

    # -- whole-tree repairs ------------------------------------------------------------------
    def _fix_heading_order(self) -> None:
        """A heading printed before the end of the previous chapter moves to where its rules start."""
        moved = True
        while moved:
            moved = False
            for i, e in enumerate(self.entries):
                if e.kind is not Kind.CHAPTER or i + 1 >= len(self.entries):
                    continue
                nums = idmod.parts(e.id)
                nxt = next((x for x in self.entries[i + 1:] if x.kind not in (Kind.EXAMPLE, Kind.NOTE)), None)
                if nxt is None or idmod.parts(nxt.id)[:1] == nums:
                    continue
                if idmod.parts(nxt.id) > nums:
                    continue
                j = next((k for k in range(i + 1, len(self.entries))
                          if idmod.parts(self.entries[k].id)[:1] == nums and self.entries[k].kind
                          not in (Kind.EXAMPLE, Kind.NOTE)), None)
                if j is None:
                    continue
                self.entries.insert(j - 1, self.entries.pop(i))
                self.diag("heading-out-of-order", e.line,
                          f"chapter heading {e.id} ({e.title}) is printed before the end of chapter "
                          f"{idmod.parts(nxt.id)[0]}; moved to just before {self.entries[j].id}",
                          rule=e.id, evidence=f"the line after it is {nxt.id}")
                moved = True
                break

    def _link(self) -> None:
        """Parents, children and the order checks."""
        known: dict[str, Entry] = {e.id: e for e in self.entries}
        for e in self.entries:
            if e.kind in (Kind.EXAMPLE, Kind.NOTE):
                continue
            nums = idmod.parts(e.id)
            parent = None
            for k in range(len(nums) - 1, 0, -1):
                pid = idmod.join(nums[:k], self.notation)
                if pid in known:
                    parent = pid
                    if k != len(nums) - 1:
                        self.diag("missing-parent", e.line,
                                  f"{e.id} has no printed parent {idmod.join(nums[:-1], self.notation)}; "
                                  f"attached to {pid}", rule=e.id, doubtful=True)
                    break
            e.parent = parent
        for e in self.entries:
            if e.parent:
                known[e.parent].children.append(e.id)
        # heading levels that disagree with id depth (markdown documents)
        for e in self.entries:
            if e.hashes and e.parent and known[e.parent].hashes and e.hashes <= known[e.parent].hashes:
                self.diag("heading-level", e.line,
                          f"{e.id} is a level-{e.hashes} markdown heading under {e.parent}, a level-"
                          f"{known[e.parent].hashes} heading; the tree follows the id depth",
                          rule=e.id, printed="#" * e.hashes)


def assemble(info: DocumentInfo, text: str) -> Assembled:
    return _Assembler(info, text).run()
