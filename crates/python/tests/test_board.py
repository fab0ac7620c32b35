"""Boards: perft from the start against the published tables, the verbs
of a board in the manner of python-chess, equality and hashing, planes,
and games played move by move against the command line's `moves`."""

import random

import numpy as np
import pytest

import parlour


def table(repo, name):
    """{depth: leaves} of testdata/perft/NAME."""
    counts = {}
    for line in (repo / "testdata" / "perft" / name).read_text().splitlines():
        fields = line.split()
        if len(fields) == 2 and not line.startswith("#"):
            counts[int(fields[0])] = int(fields[1])
    return counts


def test_english_perft_from_the_start_is_the_published_table(repo):
    published = table(repo, "english-start.txt")
    board = parlour.Board()
    assert [board.perft(d) for d in range(1, 10)] == [published[d] for d in range(1, 10)]
    assert published[9] == 3963680


def test_huffing_and_peg_perft_from_the_start(repo):
    published = table(repo, "huffing-start.txt")
    board = parlour.Board(rules="huffing")
    assert [board.perft(d) for d in range(1, 7)] == [published[d] for d in range(1, 7)]
    # docs/rules/pegs.md: perft from the start of the default board.
    assert [parlour.PegBoard().perft(d) for d in range(1, 5)] == [24, 552, 12144, 253424]


def test_a_board_pushes_pops_and_tells_its_state():
    board = parlour.Board()
    assert board.turn == "black" and board.rules == "english"
    assert not board.is_game_over() and board.result() is None
    first = board.push("11-15")
    assert str(first) == "11-15" and board.turn == "white"
    reply = board.legal_moves[0]
    assert board.push(reply) == reply
    assert board.peek() == reply and board.move_stack == [first, reply]
    copy = board.copy()
    assert board.pop() == reply and board.pop() == first
    assert board == parlour.Board() and copy != board
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    # A short capture is read where it names one move, and written whole.
    board = parlour.Board("W:W28:B24,16")
    assert [str(m) for m in board.legal_moves] == ["28x19x12"]
    assert str(board.push("28x12")) == "28x19x12"


def test_the_result_is_pdn_from_blacks_side():
    # White has no move: Black has won.
    board = parlour.Board("W:W29:B25,K22")
    assert board.legal_moves == [] and board.result() == "2-0" and board.is_game_over()
    board = parlour.Board("B:W9:B5")
    board.push("5x14")
    assert board.result() == "2-0"
    # The same position a third time draws.
    board = parlour.Board("B:WK20:BK1")
    for move in ["1-5", "20-24", "5-1", "24-20"] * 2:
        assert board.result() is None
        board.push(move)
    assert board.result() == "1-1"
    pegs = parlour.PegBoard()
    assert pegs.result() is None and pegs.turn == "black"


def test_boards_are_equal_by_position_and_history():
    a, b = parlour.Board(), parlour.Board()
    for board, moves in ((a, ["11-15", "23-19", "10-14"]), (b, ["10-14", "23-19", "11-15"])):
        for move in moves:
            board.push(move)
    # The same position by another way is not the same history.
    assert a.fen() == b.fen() and a != b
    c = parlour.Board()
    for move in ["11-15", "23-19", "10-14"]:
        c.push(move)
    assert a == c and hash(a) == hash(c) and len({a, b, c}) == 2
    assert a == a.copy() and parlour.Board(a.fen()) != a
    assert parlour.Board() != parlour.Board(rules="huffing")
    assert (parlour.Board() == "a board") is False
    assert parlour.PegBoard() == parlour.PegBoard() and hash(parlour.PegBoard()) == hash(parlour.PegBoard())


def test_planes_are_seen_from_the_side_to_move():
    board = parlour.Board("W:WK32,21:B5")
    planes = board.planes()
    assert planes.dtype == np.uint8 and planes.shape == (4, 32)
    # White to move, turned round: its man on 21 reads as 12, its king on
    # 32 as 1, Black's man on 5 as 28.
    assert np.flatnonzero(planes[0]).tolist() == [11]
    assert np.flatnonzero(planes[1]).tolist() == [0]
    assert np.flatnonzero(planes[2]).tolist() == [27]
    assert not planes[3].any()
    start = parlour.Board().planes()
    assert start[0].sum() == 12 and start[2].sum() == 12 and start[0][:12].all()


def play_against_cli(cli, board, flags, plies, seed):
    """Plays random moves through the module, checking every position's
    moves against `parlour moves`; returns the moves played."""
    rng = random.Random(seed)
    played = []
    for _ in range(plies):
        ours = sorted(str(m) for m in board.legal_moves)
        # `parlour moves` lists in board order; the sets must be the same.
        assert ours == sorted(cli("moves", *flags(board))), board.fen()
        if not ours or board.is_game_over():
            break
        move = rng.choice(board.legal_moves)
        # By the text half of the time, by the Move the other half.
        played.append(board.push(str(move) if rng.random() < 0.5 else move))
    return played


def test_a_huffing_game_matches_the_command_line(cli):
    board = parlour.Board(rules="huffing")
    flags = lambda b: ["--rules", "huffing", "--fen", b.fen()]
    kinds = set()
    for seed in range(3):
        board = parlour.Board(rules="huffing")
        for move in play_against_cli(cli, board, flags, 120, seed):
            kinds.add("huff" if move.huff else "compel" if str(move) == "compel" else "move")
    # Random play offends often: huffs and compels were played and checked.
    assert kinds == {"huff", "compel", "move"}, kinds


def test_a_peg_game_matches_the_command_line(cli):
    flags = lambda b: ["--game", "pegs", "--position", b.fen()]
    board = parlour.PegBoard()
    played = play_against_cli(cli, board, flags, 80, 7)
    assert any(m.removal is not None for m in played) and any(not m.is_placement for m in played)
    other = parlour.PegBoard("squares=4,reserve=2")
    assert "rules:" in other.fen()
    play_against_cli(cli, other, flags, 30, 8)
