"""The module's english move generator against pydraughts 0.6.7: the legal
moves and perft 1-3 of 1,000 positions reached by random play, read the way
tools/crosscheck.py reads them (its canonical FEN, captures with every
landing square)."""

import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

import parlour

POSITIONS = 1000
SEED = 34


@pytest.fixture(scope="module")
def crosscheck(repo):
    """tools/crosscheck.py, which drives pydraughts."""
    if not os.environ.get("PARLOUR_BIN"):
        # Outside CI pydraughts may be missing; in CI it must be there.
        pytest.importorskip("draughts", reason="pydraughts 0.6.7 (tests/requirements.txt)")
    sys.path.insert(0, str(repo / "tools"))
    try:
        import crosscheck
    finally:
        sys.path.pop(0)
    crosscheck.check_start()
    return crosscheck


def pydraughts_perft(fen, depth):
    """Perft 1..depth of pydraughts' board at `fen` (english rules)."""
    from draughts import Board

    board = Board(variant="english", fen=fen)
    counts = [0] * depth

    def walk(ply):
        moves = board.legal_moves()
        counts[ply] += len(moves)
        if ply + 1 == depth:
            return
        for move in moves:
            board.push(move)
            walk(ply + 1)
            board.pop()

    walk(0)
    return fen, counts


@pytest.fixture(scope="module")
def positions(crosscheck):
    """(fen, pydraughts' sorted moves) of random positions."""
    found = crosscheck.random_positions(POSITIONS, random.Random(SEED))
    assert len(found) == POSITIONS
    return found


def test_legal_moves_agree_with_pydraughts(positions):
    kinds = {"kings": 0, "captures": 0, "multi-jumps": 0, "no move": 0}
    for fen, expected in positions:
        board = parlour.Board(fen)
        assert board.fen() == fen
        got = sorted(str(m) for m in board.legal_moves)
        assert got == expected, fen
        # A capture's path is the text's squares.
        for move in board.legal_moves:
            sep = "x" if move.is_capture else "-"
            assert sep.join(map(str, move.path)) == str(move)
        kinds["kings"] += "K" in fen
        kinds["captures"] += any("x" in m for m in got)
        kinds["multi-jumps"] += any(m.count("x") > 1 for m in got)
        kinds["no move"] += not got
    # The sample holds every kind of position the generator must get right.
    assert all(count > 0 for count in kinds.values()), kinds


def test_perft_1_to_3_agrees_with_pydraughts(positions):
    fens = [fen for fen, _ in positions]
    with ProcessPoolExecutor(max_workers=2) as pool:
        theirs = dict(pool.map(pydraughts_perft, fens, [3] * len(fens), chunksize=25))
    for fen in fens:
        board = parlour.Board(fen)
        assert [board.perft(d) for d in (1, 2, 3)] == theirs[fen], fen
