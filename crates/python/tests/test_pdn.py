"""PDN: games read from texts and files into boards, written back and read
again, a match's PDN read, and damaged PDN refused with PdnError."""

import random

import pytest

import parlour


def random_game(board, plies, seed):
    rng = random.Random(seed)
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(board.legal_moves))
    return board


def test_games_written_read_back_the_same():
    boards = [
        random_game(parlour.Board(), 300, 1),
        random_game(parlour.Board(rules="huffing"), 60, 2),
        random_game(parlour.Board("W:W14,30:B9,15:O11-15", rules="huffing"), 7, 3),
        random_game(parlour.PegBoard(), 40, 4),
        random_game(parlour.PegBoard("squares=4,reserve=2"), 20, 5),
    ]
    text = parlour.write_pdn(boards)
    games = parlour.read_pdn(text)
    assert len(games) == len(boards)
    for board, game in zip(boards, games):
        assert game.board() == board
        assert game.moves == [str(m) for m in board.move_stack]
        assert game.result == board.result()
        assert game.headers["Result"] == (board.result() or "*")
        assert game.game == ("pegs" if isinstance(board, parlour.PegBoard) else "checkers")
    assert games[0].headers["GameType"] == "21" and games[1].headers["Rules"] == "huffing"
    assert "FEN" in games[2].headers and "Position" in games[3].headers


def test_a_game_keeps_its_headers_and_result(tmp_path):
    board = parlour.Board()
    board.push("11-15")
    game = parlour.PdnGame(board, {"Event": "club night", "White": "A", "Black": "B"}, "0-2")
    path = tmp_path / "one.pdn"
    text = parlour.write_pdn(game, path)
    assert path.read_text() == text and text.startswith('[Event "club night"]')
    for source in (path, str(path)):
        (read,) = parlour.read_pdn(source)
        assert list(read.headers)[:4] == ["Event", "White", "Black", "GameType"]
        assert read.result == "0-2" and read.moves == ["11-15"]
    # The PdnGame holds a copy: the board goes on alone.
    board.push("23-19")
    assert game.moves == ["11-15"]


def test_a_match_pdn_reads(cli, tmp_path):
    pdn = tmp_path / "match.pdn"
    cli("match", "--engine", "search:depth=2", "--engine", "greedy", "--rounds", "2",
        "--concurrency", "1", "--quiet", "--pdn", str(pdn))
    games = parlour.read_pdn(pdn)
    assert len(games) == 4
    for game in games:
        assert game.result in {"2-0", "0-2", "1-1"}
        assert game.headers["Result"] == game.result and game.moves
        board = game.board()
        assert board.result() in {None, game.result}


def test_a_short_capture_reads_and_writes_whole():
    (game,) = parlour.read_pdn('[FEN "W:W28:B24,16"]\n1... 28x12 *\n')
    assert game.moves == ["28x19x12"] and game.result is None


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "no game"),
        ("[Event x]\n1. 11-15 *\n", "line 1"),
        ("1. 11-15 {never closed\n", "comment"),
        ("1. 11-15 (2. 8-11\n", "variation"),
        ("[Event \"a\"]\n1. 11-15 *\n\n[Event \"b\"]\n1. 11-15 23-19 2. 15-19 *\n",
         "game 2: the moves: move 3 `15-19`"),
        ("[Game \"chess\"]\n1. e4 *\n", "unknown game `chess`"),
        ("[FEN \"B:W33:B1\"]\n1. 1-5 *\n", "out of range"),
        ("[Rules \"italian\"]\n1. 11-15 *\n", "italian"),
        ("[Game \"pegs\"]\n1. K@99 *\n", "game 1"),
    ],
)
def test_damaged_pdn_raises_pdn_error(text, words):
    with pytest.raises(parlour.PdnError, match=words):
        parlour.read_pdn(text)


def test_missing_files_and_wrong_values():
    with pytest.raises(FileNotFoundError):
        parlour.read_pdn("no-such-file.pdn")
    with pytest.raises(TypeError):
        parlour.write_pdn([parlour.Board(), "not a game"])
    with pytest.raises(TypeError):
        parlour.PdnGame("B:W21-32:B1-12")


def test_ballots():
    deck = parlour.ballots()
    assert len(deck) == 156 and len(parlour.ballots("all")) == 174
    assert len(parlour.ballots("tough")) == 50
    name, moves = deck[0]
    assert name == "ACF 1" and moves == ["9-13", "21-17", "5-9"]
    for _, moves in deck:
        board = parlour.Board()
        for move in moves:
            board.push(move)
    with pytest.raises(ValueError, match="deck, all, tough"):
        parlour.ballots("easy")
