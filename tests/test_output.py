"""bookgen.book.output in process: the switch where the filesystem cannot exchange folders, the
old folder put back after a switch cut between its two renames, and the lock."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.book import output
from bookgen.core.errors import OutputError

BOOK = ("book.pdf", "manifest.json", "puzzles.txt")


def write(out: Path, text: str) -> None:
    with output.claim(out, 0) as slot:
        output.stage(slot)
        for name in BOOK:
            output.write_file(slot, name, f"{text} {name}")
        output.switch(slot)


def contents(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()}


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "two renames"])
def test_a_switch_replaces_the_whole_book_and_leaves_nothing(tmp_path, monkeypatch, exchange):
    if not exchange:
        monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    out = tmp_path / "out"
    write(out, "old")
    (out / "blurb.txt").write_text("blurb", encoding="utf-8")
    (out / "cover.pdf").write_text("the old book's cover", encoding="utf-8")
    write(out, "new")
    assert contents(out) == {**{n: f"new {n}" for n in BOOK}, "blurb.txt": "blurb"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_an_old_book_whose_successor_never_arrived_is_put_back(tmp_path):
    out = tmp_path / "out"
    write(out, "old")
    out.rename(tmp_path / ".out.old")  # killed between the two renames of the fallback
    (tmp_path / ".out.new").mkdir()
    with output.claim(out, 0):
        assert contents(out) == {n: f"old {n}" for n in BOOK}
        assert not (tmp_path / ".out.new").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_claimed_folder_cannot_be_claimed_again(tmp_path):
    out = tmp_path / "out"
    with output.claim(out, 0), pytest.raises(OutputError, match="another build is writing"):
        with output.claim(out, 0):
            pass
    with output.claim(out, 0):
        pass  # released


def test_a_failed_write_leaves_the_previous_book(tmp_path):
    out = tmp_path / "out"
    write(out, "old")
    with pytest.raises(OutputError, match=r"manifest.json: cannot write it; the previous"):
        with output.claim(out, 0) as slot:
            output.stage(slot)
            output.write_file(slot, "book.pdf", "new")
            (slot.stage / "manifest.json").mkdir()  # any write error will do
            output.write_file(slot, "manifest.json", "new")
    assert contents(out) == {n: f"old {n}" for n in BOOK}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_disk_without_room_for_the_estimate_is_refused(tmp_path):
    with pytest.raises(OutputError, match="MB free there; the book needs about"):
        with output.claim(tmp_path / "out", 10**18):
            pass
