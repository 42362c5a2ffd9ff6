"""Why X-chain sections are rare: SE's first chaining rule takes its lowest-rated
deduction, and on the boards an X-chain section's digs pass, a cycle mostly rates no
higher than the forcing X-chains there, so the cycle is the step taken."""

from __future__ import annotations

from bookgen.book.techrates import technique_rules
from bookgen.grade.board import Board
from bookgen.grade.scale import Technique
from bookgen.grade.solver import graded_below
from bookgen.grade.techniques.chains import chains_and_cycles, x_chain
from bookgen.make.generate import make_puzzle
from bookgen.make.judge import judge, technique_top


def test_the_chaining_rule_takes_a_cycle_rated_no_higher_than_the_x_chains_on_a_board():
    # aimed dig 0 of seed "xc" of an X-chain section; its solution passes boards where a
    # forcing X-chain exists (found by scanning the digs)
    rules = technique_rules(Technique.X_CHAIN)
    geo = rules.shape.geo
    judges = judge(rules.difficulty, geo)
    dug = make_puzzle(rules.shape, "xc", 0, too_hard=judges[0], on_target=judges[1])
    g = graded_below(dug.puzzle, geo, technique_top(rules.difficulty))
    assert g is not None and g.technique is not Technique.X_CHAIN
    board = Board(dug.puzzle, geo)
    taken = []
    for step in g.steps:
        chains = x_chain(board)
        if chains:
            pick = chains_and_cycles(board)[0]
            assert pick.difficulty <= min(s.difficulty for s in chains)
            taken.append(pick.technique)
        board.apply(step)
    assert Technique.CYCLE in taken
