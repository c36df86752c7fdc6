#!/usr/bin/env python3
"""Keeps the user's pages in the product's words: they name definitions and decisions, never the
issues, work sessions, commits or dates that produced them (that history is CHANGELOG.md's), and
README.md stays a front door of at most 200 lines.

Read: README.md and every other Markdown page (*.md, *.md.in) but CHANGELOG.md, and the public
headers (*/include/**/*.h and *.hpp, js/src/index.d.ts, python/tanbo/*.pyi). Build trees,
node_modules and .git are skipped. Refused, case-insensitively (WORDS below is the precise list):
  - an issue, ticket or pull request by number: "issue 42", "issues 42 and 43", "PR #7", or a bare
    "#42" standing alone as a reference ("(#42)", "see #42."); "legal move #5 (after ...)" in
    verify's script text is a count, not a reference, and passes;
  - an issue by title: 'issue "Foundation"';
  - a work session (a stretch of work, or who wrote something): "this/last/previous/next/earlier/
    later/current session", "within a session", "the budgets that fit this session", "a coding/
    working/helper session", "filed/found/written by a session". The engine protocol's session
    (a server that answers request lines: "a protocol session", tanbo_session_*, fuzz_session)
    is a product word and passes;
  - a commit by hash, 7 to 40 hex digits with a letter and a digit after "commit", "main",
    "landed" or "revision" and at most two words ("commit 1f844f3", "landed main 1f844f3");
  - a calendar date (2026-12-06, "December 2026"); seeds such as 20260101 pass.

The product pages (PRODUCT_PAGES below, listed by name: README.md, the docs/ pages that describe
the product and the folders' READMEs) say what the product is, not how its figures came about
(a listed page that is missing is a finding, so a renamed page stays checked). Refused there:
  - a measurement story: "was/were measured on" (the conditions of a figure are said as what they
    are: "CPU seconds on a 2-core machine");
  - a change told as a change: "this/that changed", "this/that has changed", "fixed since";
  - a before -> after: "before -> after" itself, or two figures joined by an arrow (->, →, ⟶, =>),
    a figure being a number with its unit or sign ("83,698 -> 85,080", "x1.73 → x1.96",
    "1.54 s -> 0.38 s", "3.3 → 1.8 a move"). Not flagged: an arrow not between two figures (a layer
    arrow "solve/ -> certificate/", a move "B1 → C2", "start → end"); anything in code (a `code
    span` or a fenced block: notation, Coq's ->, shell output); and a table column whose header
    has the arrow, which names a range of the product's own measure (| edges at start → end |,
    its cells "151 → 158").
docs/design.md names each decision in one line and links its rows of docs/decisions.md: every row
anchor there (<a id="decision-N">) must be linked from design.md (decisions.md#decision-N), and every
such link must name a row that exists.

How figures came about goes in CHANGELOG.md or docs/decisions.md, which are not product pages
(decisions.md is still held to the history words above, as every page but CHANGELOG.md).

usage: check_product_words.py ROOT            exit status 1 with one line per finding
       check_product_words.py ROOT --selftest plants each kind of finding in a copy and requires
                                              that it is caught, and that the product words above
                                              pass (shows the check bites and stays precise)
"""
import os
import re
import shutil
import sys
import tempfile

README_MAX_LINES = 200

# (what, pattern): each finding names its kind, so a reader knows what to rewrite.
WORDS = [
    ("an issue number", re.compile(
        r"\b(?:issues?|tickets?|pull\s+requests?|PRs?)\s*(?:#\s*\d+|\d+\b)", re.I)),
    ("a bare '#N' reference", re.compile(r"(?:^|[\s(\[])#\d{1,5}(?=[)\],;:]|\.(?:\s|$)|$)", re.M)),
    ("an issue by title", re.compile(r"\bissues?\s+[\"“]", re.I)),
    ("a work session", re.compile(
        r"\b(?:this|last|previous|next|earlier|later|current)\s+sessions?\b"
        r"|\bwithin\s+a\s+session\b"
        r"|\b(?:coding|working|work|helper|agent)\s+sessions?\b"
        r"|\b(?:filed|found|written|made|done)\s+(?:by|in)\s+(?:a|the|one)\s+session\b", re.I)),
    ("a commit hash", re.compile(
        r"\b(?:commit|main|landed|revision)\s+(?:[a-z]+\s+){0,2}"
        r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b", re.I)),
    ("a date", re.compile(
        r"\b(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b"
        r"|\b(?:January|February|March|April|May|June|July|August|September|October|November"
        r"|December)\s+(?:19|20)\d\d\b")),
]

# The pages that describe the product, by name (a page added to docs/ is added here when it
# describes the product): the narration below is refused in them. CHANGELOG.md and
# docs/decisions.md tell how figures came about and are not listed.
PRODUCT_PAGES = [
    "README.md", "docs/mainpage.md", "docs/design.md", "docs/rules.md", "docs/rules.md.in",
    "docs/solutions.md", "docs/verification.md", "docs/performance.md", "docs/certificates.md",
    "docs/conformance.md", "docs/protocol.md", "docs/formal.md",
    # The folders' pages, each the product's part in that folder.
    "cli/README.md", "python/README.md", "js/README.md", "packaging/README.md", "fuzz/README.md",
    "properties/README.md", "differential/README.md", "differential/CONTRACT.md",
    "differential/PLANTED.md", "mutation/README.md",
]
# A figure: a number, optionally signed, with a leading x or × (a factor) and a unit after it.
FIGURE = (r"(?<![\w.])[-−+]?[x×]?\d[\d,.]*(?:[–-]\d[\d,.]*)?"
          r"(?:\s?(?:%|×|x|s|ms|µs|ns|[kMGT]i?B|[kMG]|B|bytes?|instructions?|nodes?|plies|ply|positions?|"
          r"minutes?|hours?|days?|seconds?)(?![\w]))?")
ARROW = r"(?:->|→|⟶|=>)"
NARRATION = [
    ("a measurement story", re.compile(r"\b(?:was|were)\s+measured\s+on\b", re.I)),
    ("a change told as a change", re.compile(
        r"\b(?:this|that)\s+(?:has\s+|had\s+)?changed\b|\bfixed\s+since\b", re.I)),
    ("a before -> after", re.compile(
        rf"\bbefore\s*{ARROW}\s*after\b|{FIGURE}\s*{ARROW}\s*{FIGURE}", re.I)),
]
FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)


def blank(m):
    """The match's text as spaces, its newlines kept (so line numbers stay)."""
    return re.sub(r"[^\n]", " ", m.group(0))


def prose(text):
    """TEXT with its code (fenced blocks, code spans) blanked, and the cells of every table column
    whose header holds an arrow: what the narration rules read."""
    text = CODE_SPAN.sub(blank, FENCE.sub(blank, text))
    out, header = [], None
    for line in text.split("\n"):
        if not line.lstrip().startswith("|"):
            header = None
            out.append(line)
            continue
        cells = line.split("|")
        if header is None:
            header = [bool(re.search(ARROW, c)) for c in cells]
        elif not re.fullmatch(r"[\s|:-]*", line):
            cells = [" " * len(c) if i < len(header) and header[i] else c for i, c in enumerate(cells)]
        out.append("|".join(cells))
    return "\n".join(out)


DECISION_ROW = re.compile(r'<a id="(decision-\d+)"></a>')
DECISION_LINK = re.compile(r"\(decisions\.md#(decision-\d+)\)")


def decision_links(root):
    """Rows of docs/decisions.md that docs/design.md does not link, and links to rows that do not exist."""
    paths = [os.path.join(root, "docs", name) for name in ("decisions.md", "design.md")]
    if not all(os.path.isfile(p) for p in paths):
        return []
    rows, design = (open(p, encoding="utf-8").read() for p in paths)
    rows, links = DECISION_ROW.findall(rows), set(DECISION_LINK.findall(design))
    return ([f"docs/decisions.md: row {r} has no decision line linking it in docs/design.md"
             for r in rows if r not in links]
            + [f"docs/design.md: links decisions.md#{r}, a row docs/decisions.md lacks"
               for r in sorted(links - set(rows))])


# The leader of a comment line in a header: //, ///, //!, /**, * and */ with the space after it.
COMMENT_LEADER = re.compile(r"^[ \t]*(?://[/!]?|/\*+|\*+/?)[ \t]?", re.M)

SKIP_DIRS = {".git", "node_modules", "__pycache__", "dist", "test-artifacts", "out"}
HEADER_EXTS = (".h", ".hpp")


def skipped(rel_dir, name):
    """Whether the folder NAME inside REL_DIR is a build tree or a tool's folder, not the source."""
    return (name in SKIP_DIRS or (rel_dir == "." and name.startswith("build"))
            or (rel_dir == "python" and name == "build"))


def scanned_files(root):
    """The pages and public headers under ROOT, as paths relative to it, sorted."""
    face_headers = {os.path.join("js", "src", "index.d.ts")}
    out = []
    for base, dirs, files in os.walk(root):
        rel_dir = os.path.relpath(base, root)
        dirs[:] = [d for d in dirs if not skipped(rel_dir, d)]
        in_include = "include" in rel_dir.split(os.sep)[1:]  # <folder>/include/...
        for name in files:
            rel = os.path.normpath(os.path.join(rel_dir, name))
            page = name.endswith((".md", ".md.in")) and rel != "CHANGELOG.md"
            header = (in_include and name.endswith(HEADER_EXTS)) or rel in face_headers or (
                rel_dir == os.path.join("python", "tanbo") and name.endswith(".pyi"))
            if page or header:
                out.append(rel)
    return sorted(out)


def problems(root, only=None):
    """Findings under ROOT, in the files of `only` (relative paths) when given, else in all."""
    out = [f"{rel}: listed in PRODUCT_PAGES but missing (rename it there too)"
           for rel in PRODUCT_PAGES if only is None and not os.path.isfile(os.path.join(root, rel))]
    if only is None:
        out += decision_links(root)
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        n = len(f.read().splitlines())
    if n > README_MAX_LINES:
        out.append(f"README.md: {n} lines, more than {README_MAX_LINES}: move details into the docs page "
                   "where they belong and link it")
    for rel in scanned_files(root) if only is None else [r for r in scanned_files(root) if r in only]:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            text = f.read()
        if not rel.endswith((".md", ".md.in")):
            # A header's comment leaders go, so words wrapped onto the next comment line still meet.
            text = COMMENT_LEADER.sub("", text)
        for what, pattern in WORDS:
            for m in pattern.finditer(text):
                words = " ".join(m.group(0).split())
                at = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
                out.append(f"{rel}:{text.count(chr(10), 0, at) + 1}: {what} ('{words}'): name the definition "
                           "or decision instead; history goes in CHANGELOG.md")
        if rel in PRODUCT_PAGES:
            read = prose(text)
            for what, pattern in NARRATION:
                for m in pattern.finditer(read):
                    words = " ".join(m.group(0).split())
                    out.append(f"{rel}:{read.count(chr(10), 0, m.start()) + 1}: {what} ('{words}'): say what "
                               "the product is and its figure; how it came about goes in CHANGELOG.md or "
                               "docs/decisions.md")
    return out


# --- selftest -------------------------------------------------------------------------------------
# (file, text appended as a new line, kind of finding it must cause; None: it must pass)
PLANTS = [
    ("docs/solutions.md", "Definitions (binding, issue 42):", "an issue number"),
    ("README.md", "See issues 42 and 43.", "an issue number"),
    ("docs/rules.md.in", "Fixed in PR #7.", "an issue number"),
    ("docs/design.md", "The table was sized later (#43).", "a bare '#N' reference"),
    ("core/include/tanbo/core/variant.hpp", '// Named variants (issue "Foundation", variants section).',
     "an issue by title"),
    ("solve/include/tanbo/solve/weak.hpp", "// the budgets that fit this session", "a work session"),
    ("solve/include/tanbo/solve/strong.hpp", "// Front ends (see the definitions of issue\n// 43) wrap Table.",
     "an issue number"),
    ("docs/performance.md", "Neither start is in reach within a session.", "a work session"),
    ("js/src/index.d.ts", "// measured in the last session", "a work session"),
    ("docs/verification.md", "(classic: the value of landed main 1f844f3)", "a commit hash"),
    ("api/include/tanbo/api/solution.hpp", "// measured on 2026-12-06", "a date"),
    ("docs/formal.md", "Checked in December 2026.", "a date"),
    # Narration in a product page: each banned phrase, and each arrow form between two figures.
    ("docs/solutions.md", "The goal is not reached on the 2-core machine this was measured on.",
     "a measurement story"),
    ("README.md", "The figures were\nmeasured on an idle machine.", "a measurement story"),
    ("docs/solutions.md", "With the children's slots prefetched that changed: a second thread is free.",
     "a change told as a change"),
    ("docs/formal.md", "This has changed with the kernel's VM.", "a change told as a change"),
    ("docs/rules.md.in", "The best-move search ran out of budget (fixed since).", "a change told as a change"),
    ("docs/verification.md", "The coverage went from before → after in one run.", "a before -> after"),
    ("docs/design.md", "API game 319,468 -> 251,854 with the start set up once.", "a before -> after"),
    ("docs/performance.md", "The fitted growth rose x1.73 → x1.96 a ply.", "a before -> after"),
    ("docs/certificates.md", "Corpus replay under ASan: 1.54 s → 0.38 s.", "a before -> after"),
    ("docs/conformance.md", "| what | figure |\n|---|---|\n| mispredicted branches | 3.3 → 1.8 a move |",
     "a before -> after"),
    ("docs/protocol.md", "Peak RSS 6.78 bytes =>\n3.05 bytes per position.", "a before -> after"),
    ("docs/mainpage.md", "CPU 2,328 ⟶ 1,569 s.", "a before -> after"),
    ("fuzz/README.md", "Corpus replay: 1.54 s → 0.38-0.54 s.", "a before -> after"),
    # Arrows that are not a change, and narration where it belongs, must pass.
    ("docs/verification.md", "| target | edges at start → end |\n|---|---|\n| `fuzz_notation` | 151 → 158 |", None),
    ("docs/design.md", "The layers: solve/ -> certificate/, engines -> api -> faces; a move B1 → C2.", None),
    ("docs/formal.md", "`Theorem t n : n > 0 -> 1 <= n.` and `ply 3 -> 4`", None),
    ("docs/formal.md", "```coq\nCorollary lattice5_bound k : game 5 lattice5 Black k -> k <= 75.\n```", None),
    ("docs/solutions.md", "Times are CPU seconds measured on a 2-core machine; the table changed nothing.", None),
    ("docs/decisions.md", "| 2 | playout 83,698 → 85,080 (+1.7 %); that changed; it was measured on two cores |",
     None),
    ("CHANGELOG.md", "- The coverage stage before -> after: 916 -> 876 s; this changed.", None),
    # Product words that must pass: the protocol's session, counts, seeds, CHANGELOG.md's history.
    ("docs/protocol.md", "A protocol session on the reference engine; see fuzz_session and tanbo_session_create.",
     None),
    ("differential/include/tanbo/differential/script.hpp", '/// "@1 step 1: legal move #5 (after the end: try a point)"', None),
    ("docs/solutions.md", "Every position of 40 random games (seed 20260421), sha256 `f4ef08e5…`.", None),
    ("docs/performance.md", "The main loop ran 20000000 nodes; issue a warning; issues of width.", None),
    ("CHANGELOG.md", "- Perfect play for every face (issue 43), this session, main 1f844f3, 2026-12-06.", None),
]


def selftest(root):
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "tree")
        for rel in scanned_files(root) + ["CHANGELOG.md"]:
            os.makedirs(os.path.dirname(os.path.join(copy, rel)), exist_ok=True)
            shutil.copyfile(os.path.join(root, rel), os.path.join(copy, rel))
        if base := problems(copy):
            print("selftest: the unplanted copy already fails:\n  " + "\n  ".join(base))
            return 1
        readme = os.path.join(copy, "README.md")
        with open(readme, encoding="utf-8") as f:
            readme_text = f.read()
        lines = len(readme_text.splitlines())
        # README at exactly the limit passes; one line more is caught.
        for extra, caught in ((README_MAX_LINES - lines, False), (README_MAX_LINES - lines + 1, True)):
            with open(readme, "w", encoding="utf-8") as f:
                f.write(readme_text + "\n" * extra)
            found = [p for p in problems(copy, only=["README.md"]) if p.startswith("README.md: ")]
            if bool(found) != caught:
                print(f"selftest: README.md of {lines + extra} lines {'NOT caught' if caught else 'refused'}")
                failed = True
            else:
                print(f"selftest: README.md of {lines + extra} lines: {found[0] if found else 'passes'}")
        with open(readme, "w", encoding="utf-8") as f:
            f.write(readme_text)
        # A product page renamed without its entry in PRODUCT_PAGES is a finding.
        moved = os.path.join(copy, "docs", "protocol.md")
        os.rename(moved, moved + ".away")
        if not any(p.startswith("docs/protocol.md: listed in PRODUCT_PAGES but missing") for p in problems(copy)):
            print("selftest: NOT caught: docs/protocol.md missing but listed in PRODUCT_PAGES")
            failed = True
        else:
            print("selftest: caught: docs/protocol.md: listed in PRODUCT_PAGES but missing")
        os.rename(moved + ".away", moved)
        # A decision row design.md does not link, and a link to a row that does not exist.
        for rel, text, finding in (
                ("docs/decisions.md", '| <a id="decision-999"></a>999 | an idea | 1 | kept | a reason |',
                 "docs/decisions.md: row decision-999 has no decision line"),
                ("docs/design.md", "- **An idea**: kept ([998](decisions.md#decision-998)).",
                 "docs/design.md: links decisions.md#decision-998")):
            path = os.path.join(copy, rel)
            with open(path, encoding="utf-8") as f:
                original = f.read()
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.rstrip("\n") + "\n" + text + "\n")
            if any(p.startswith(finding) for p in problems(copy)):
                print(f"selftest: caught: {finding}")
            else:
                print(f"selftest: NOT caught: {finding}")
                failed = True
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        for rel, text, kind in PLANTS:
            path = os.path.join(copy, rel)
            with open(path, encoding="utf-8") as f:
                original = f.read()
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.rstrip("\n") + "\n" + text + "\n")
            found = problems(copy, only=[rel])  # the whole copy passed above: only `rel` changed
            if kind is None:
                if found:
                    print(f"selftest: product words refused in {rel}: {found[0]}")
                    failed = True
                else:
                    print(f"selftest: passes: {rel}: {text}")
            elif not any(p.startswith(f"{rel}:") and f": {kind} (" in p for p in found):
                print(f"selftest: NOT caught: {kind} in {rel}: {text}")
                failed = True
            else:
                print(f"selftest: caught: {found[0]}")
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
    return 1 if failed else 0


def main(argv):
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != "--selftest"):
        sys.exit("\n".join(__doc__.strip().splitlines()[-4:]))
    root = argv[1]
    if len(argv) == 3:
        return selftest(root)
    found = problems(root)
    for p in found:
        print(p, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
