"""The documentation's links lead somewhere: every relative link in README.md, docs/ and
benchmarks/ names a file of the repository, and a link's #anchor names a heading of the
file it points to.

Glossary:
  link     a Markdown inline link [text](target) outside code; web links (with a scheme)
           are not followed
  anchor   a heading's slug as GitHub makes it: lower case, spaces to '-', every
           character but letters, digits, '-' and '_' dropped
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
                *(ROOT / "benchmarks").glob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where brackets are not links."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", prose(page.read_text(encoding="utf-8")), re.M)
    return {slug(h) for h in headings}


def test_slug_is_githubs():
    assert slug("The kernels: numba, ahead of time, or pure Python") == (
        "the-kernels-numba-ahead-of-time-or-pure-python")
    assert slug("Killer puzzles") == "killer-puzzles"


def test_every_page_is_found():
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/config.md", "docs/architecture.md", "docs/grading.md"} <= names
    assert any(n.startswith("benchmarks/") for n in names)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(page: Path):
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{page.name}: {target}: no such file"
        if anchor:
            assert anchor in anchors(dest), f"{page.name}: {target}: no such heading"
