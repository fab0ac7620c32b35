"""Bad input raises the documented exceptions, each a ValueError of the
kind the Rust error carries, with the library's message; never a crash."""

import pytest

import parlour


@pytest.mark.parametrize(
    "fen, words",
    [
        ("", "empty"),
        ("X:W21:B1", "side to move"),
        ("B:W33:B1", "out of range"),
        ("B:W1:B1", "both"),
        ("B:W5,5:B1", "twice"),
        ("B:W1-13:B14", "at most 12"),
        ("B:W22:B29", "crowning row"),
        ("B:W22:B1:O1-5", "huffing"),
    ],
)
def test_a_bad_fen_raises_fen_error(fen, words):
    with pytest.raises(parlour.FenError, match=words) as caught:
        parlour.Board(fen)
    assert isinstance(caught.value, parlour.PositionError)
    assert isinstance(caught.value, ValueError)


def test_bad_rules_and_peg_positions():
    for rules in ["italian", "english,quiet_plies=0", "english,depth=3"]:
        with pytest.raises(parlour.RulesError):
            parlour.Board(rules=rules)
    for rules in ["squares=9", "pegs=x", "colour=red"]:
        with pytest.raises(parlour.RulesError):
            parlour.PegBoard(rules)
    for position in ["b:/w:", "nonsense", "b:K99/w:/hand:9,9/reserve:3,3/turn:b"]:
        with pytest.raises(parlour.PositionError) as caught:
            parlour.PegBoard(position=position)
        assert not isinstance(caught.value, parlour.FenError)
    # A position's own rules field is part of the position.
    with pytest.raises(parlour.PositionError, match="squares must be"):
        parlour.PegBoard(position="b:/w:/hand:9,9/reserve:3,3/turn:b/rules:squares=9")


def test_illegal_moves_raise_illegal_move_error():
    board = parlour.Board()
    for text in ["11-16x", "", "1-5", "11x18", "9-14-18", "h9 11-15", "compel", "e2e4"]:
        with pytest.raises(parlour.IllegalMoveError):
            board.push(text)
    with pytest.raises(parlour.IllegalMoveError, match="the legal moves are"):
        board.push("21-17")
    # A capture is compulsory under english rules.
    capture = parlour.Board("B:W14:B9,10")
    with pytest.raises(parlour.IllegalMoveError, match="compulsory"):
        capture.push("10-15")
    # A Move of another position is not legal here.
    elsewhere = parlour.Board("W:W14,30:B9,15").legal_moves[0]
    with pytest.raises(parlour.IllegalMoveError):
        board.push(elsewhere)
    with pytest.raises(TypeError):
        board.push(parlour.PegBoard().legal_moves[0])
    with pytest.raises(TypeError):
        board.push(11)
    assert board == parlour.Board()
    with pytest.raises(parlour.IllegalMoveError):
        parlour.PegBoard().push("@99")
    with pytest.raises(parlour.IllegalMoveError):
        parlour.Board(rules="huffing").push("compel")


def test_a_pdn_file_that_is_not_text_and_a_long_deck_name(tmp_path):
    bad = tmp_path / "bad.pdn"
    bad.write_bytes(b'[Event "x"]\n\n1. 11-15 \xff\xfe *\n')
    with pytest.raises(parlour.PdnError, match="UTF-8"):
        parlour.read_pdn(str(bad))
    with pytest.raises(OSError):
        parlour.read_pdn(str(tmp_path / "missing.pdn"))
    with pytest.raises(ValueError) as refused:
        parlour.ballots("é" * 10000)
    assert len(str(refused.value)) < 300
