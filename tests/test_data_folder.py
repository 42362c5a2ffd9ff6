"""The data folder rule: absent data skips a test on a workstation and fails it under CI."""

from __future__ import annotations

import pytest
from conftest import missing_data


def test_absent_data_skips_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="^/nowhere/x.txt is absent$"):
        missing_data("/nowhere/x.txt")


@pytest.mark.parametrize("value", ["1", "false", "True"])
def test_only_ci_true_turns_a_skip_into_a_failure(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.skip.Exception):
        missing_data("/nowhere/x.txt")


def test_absent_data_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"^/nowhere/x.txt is absent \(CI=true"):
        missing_data("/nowhere/x.txt")
