"""The length extra of long chains: exact values far along the ceilings, and an answer in
bounded time for any length (a ceiling that stops growing would loop for ever).

SE's ceilings are 4, then x1.5 and x4/3 in turn: 4, 6, 8, 12, 16, 24, 32, 48, 64, 96,
128, ...; the extra is 0.1 per ceiling that the chain's length (nodes - 2) exceeds. A family is "below" a grade when one of its
techniques is rated under it (the killer cage family never is).
"""

from __future__ import annotations

import signal

import pytest

from bookgen.core.model import Family
from bookgen.grade.scale import length_extra
from bookgen.grade.techniques import FAMILIES, families_below


@pytest.mark.parametrize(
    "complexity, ceilings_passed",
    [(2, 0), (6, 0), (7, 1), (34, 6), (35, 7), (50, 7), (51, 8), (66, 8), (67, 9),
     (98, 9), (99, 10), (130, 10), (131, 11)],
)
def test_length_extra_far_along_the_ceilings(complexity, ceilings_passed):
    assert length_extra(complexity) == pytest.approx(ceilings_passed / 10)


def test_length_extra_answers_in_bounded_time():
    def stop(signum, frame):
        raise TimeoutError("length_extra did not return within a second")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        extras = [length_extra(c) for c in range(0, 2000)]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert extras == sorted(extras) and extras[-1] == pytest.approx(1.8)


def test_families_below_a_grade():
    lowest = {f: min(t.se for t, g in FAMILIES.items() if g is f) for f in set(FAMILIES.values())}
    assert families_below(0.0) == ()
    everything = families_below(100.0)
    assert everything == tuple(f for f in Family if f in lowest and f is not Family.CAGE)
    for f, se in lowest.items():
        assert f not in families_below(se)  # below, not at
        assert (f in families_below(se + 0.05)) is (f is not Family.CAGE)
