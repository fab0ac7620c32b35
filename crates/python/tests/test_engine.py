"""The engine: a legal move under every limit in every game, the
interpreter released while it searches, Ctrl-C stopping a search, and the
exceptions of bad settings."""

import os
import signal
import threading
import time

import pytest

import parlour


def boards():
    """A position of each rule set: the start, a huffing offence pending, a
    peg middle game."""
    huffing = parlour.Board("W:W14,30:B9,15:O11-15", rules="huffing")
    pegs = parlour.PegBoard()
    for move in ["K@11", "K@14", "@2", "@10", "@3"]:
        pegs.push(move)
    return [parlour.Board(), huffing, pegs]


LIMITS = [
    {"depth": 1},
    {"depth": 7},
    {"nodes": 1},
    {"nodes": 5000},
    {"movetime": 0.05},
    {},
]


@pytest.mark.parametrize("limit", LIMITS, ids=lambda l: ",".join(map(str, l.items())) or "none")
@pytest.mark.parametrize("threads", [1, 2])
def test_a_search_returns_a_legal_move_under_every_limit(limit, threads):
    engine = parlour.Engine(threads=threads, hash_mb=16)
    for board in boards():
        result = engine.search(board, **limit)
        assert result.move in board.legal_moves, (board.fen(), limit)
        assert result.pv[0] == result.move
        assert result.nodes >= 1 and result.time >= 0
        if "depth" in limit:
            assert result.depth == limit["depth"]
        if "movetime" in limit:
            assert result.time < 5
        # The variation is a line of legal moves.
        line = board.copy()
        for move in result.pv:
            line.push(move)


def test_a_won_position_is_scored_as_a_win():
    # Black's king takes White's last piece.
    result = parlour.Engine().search(parlour.Board("B:WK10:BK6,K1"), depth=5)
    assert str(result.move) == "6x15" and result.mate == 1 and result.score == 29999


def test_a_game_that_is_over_is_not_searched():
    engine = parlour.Engine()
    board = parlour.Board("W:W29:B25,K22")
    result = engine.search(board, depth=5)
    assert result.move is None and result.pv == [] and result.mate == 0
    board = parlour.Board("B:WK20:BK1")
    for move in ["1-5", "20-24", "5-1", "24-20"] * 2:
        board.push(move)
    assert engine.search(board, depth=5).move is None


def test_a_search_releases_the_interpreter():
    engine = parlour.Engine()
    count = [0]
    running = threading.Event()
    stop = threading.Event()

    def counter():
        running.set()
        while not stop.is_set():
            count[0] += 1

    thread = threading.Thread(target=counter)
    thread.start()
    running.wait()
    before = count[0]
    engine.search(parlour.Board(), movetime=1.0)
    during = count[0] - before
    stop.set()
    thread.join()
    # The counter ran all through the second the engine thought.
    assert during > 100_000, during


def test_two_engines_on_two_threads_search_at_once():
    engines = [parlour.Engine(), parlour.Engine()]
    spans = []

    def think(engine):
        started = time.monotonic()
        engine.search(parlour.Board(), movetime=1.0)
        spans.append((started, time.monotonic()))

    threads = [threading.Thread(target=think, args=(e,)) for e in engines]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # Held by one, the interpreter would let the searches run one after
    # the other (2 s); released, they run side by side.
    assert time.monotonic() - started < 1.8
    (a0, a1), (b0, b1) = spans
    assert a0 < b1 and b0 < a1


def test_ctrl_c_stops_a_search():
    # Python's own Ctrl-C handler, whatever the tests were started under: a
    # shell without job control starts background jobs with SIGINT ignored,
    # and then Python installs no handler and Ctrl-C raises nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    engine = parlour.Engine()
    timer = threading.Timer(0.3, os.kill, args=(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.search(parlour.Board(), movetime=60)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 5
    # The engine searches again afterwards.
    assert engine.search(parlour.Board(), depth=3).move is not None


def test_bad_settings_raise_engine_errors(tmp_path):
    with pytest.raises(parlour.EngineError, match="thread"):
        parlour.Engine(threads=0)
    with pytest.raises(parlour.EngineError, match="MiB"):
        parlour.Engine(hash_mb=0)
    with pytest.raises(parlour.EngineError):
        parlour.Engine(egdb=str(tmp_path / "none"))
    with pytest.raises(parlour.EngineError, match="no/such/weights"):
        parlour.Engine(eval="no/such/weights").search(parlour.Board(), depth=1)
    engine = parlour.Engine(eval="handwritten")
    assert engine.search(parlour.Board(), depth=2).move is not None
    for limits in [{"depth": 0}, {"depth": 101}, {"nodes": 0}, {"movetime": -1.0},
                   {"nodes": 100, "movetime": 1.0}]:
        with pytest.raises(ValueError):
            engine.search(parlour.Board(), **limits)
    with pytest.raises(TypeError):
        engine.search("B:W21-32:B1-12", depth=1)


@pytest.mark.parametrize("board, default, other", [
    (lambda: parlour.Board(), "network", "patterns"),
    (lambda: parlour.Board(rules="huffing"), "network", "patterns"),
    (lambda: parlour.PegBoard(), "learned", "handwritten"),
])
def test_no_eval_is_the_rules_default_as_on_every_way_in(board, default, other):
    def nodes(eval):
        engine = parlour.Engine(threads=1, eval=eval)
        return [engine.search(board(), depth=depth).nodes for depth in (3, 5)]
    plain = nodes(None)
    assert plain == nodes(default)
    assert plain != nodes(other)


def test_endgame_databases(cli, tmp_path):
    cli("egdb", "build", "--pieces", "3", "--dir", str(tmp_path))
    engine = parlour.Engine(egdb=str(tmp_path))
    assert engine.egdb == tmp_path
    board = parlour.Board("B:WK19:BK1,K3")
    result = engine.search(board, depth=6)
    assert result.move in board.legal_moves and result.score > 20000
    with pytest.raises(parlour.EngineError, match="no endgame databases"):
        engine.search(parlour.PegBoard(), depth=1)


def test_analyse_ranks_distinct_moves_and_its_first_is_the_search():
    board = parlour.Board()
    for move in ["11-15", "23-19"]:
        board.push(move)
    single = parlour.Engine(threads=1, hash_mb=16).search(board, depth=6)
    lines = parlour.Engine(threads=1, hash_mb=16).analyse(board, multipv=3, depth=6)
    assert len(lines) == 3
    assert (lines[0].move, lines[0].score) == (single.move, single.score)
    assert len({str(line.move) for line in lines}) == 3
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    assert all(line.pv[0] == line.move and line.depth == 6 for line in lines)
    every = parlour.Engine(threads=1, hash_mb=16).analyse(board, multipv=256, depth=4)
    assert sorted(str(l.move) for l in every) == sorted(str(m) for m in board.legal_moves)
    for bad in [0, 257, -1]:
        with pytest.raises((ValueError, OverflowError)):
            parlour.Engine().analyse(board, multipv=bad, depth=2)


def test_the_hub_and_the_command_line_give_the_lines_python_gives():
    """Three ways into one engine: the same position and depth, the same lines."""
    import subprocess

    binary = os.environ.get("PARLOUR_BIN")
    if not binary:
        pytest.skip("PARLOUR_BIN is not set")
    board = parlour.Board()
    lines = parlour.Engine(threads=1, hash_mb=64).analyse(board, multipv=3, depth=6)
    out = subprocess.run(
        [binary, "best", "--depth", "6", "--threads", "1", "--multipv", "3"],
        capture_output=True, text=True, check=True,
    ).stdout
    last = [l for l in out.splitlines() if l.startswith("info depth 6 ")]
    cli = [(l.split(" score ")[1].split()[0], l.split(" pv ")[1].split(", ")[0]) for l in last]
    assert cli == [(str(line.score), str(line.move)) for line in lines]


def test_a_weaker_skill_plays_legal_moves_and_solve_proves_a_win():
    board = parlour.Board()
    weak = parlour.Engine(threads=1, hash_mb=16, skill=1, seed=3)
    assert weak.skill == 1
    played = set()
    for seed in range(12):
        result = parlour.Engine(threads=1, hash_mb=16, skill=1, seed=seed).search(board, depth=5)
        assert result.move in board.legal_moves
        played.add(str(result.move))
    assert len(played) >= 2
    for bad in [0, 11]:
        with pytest.raises(ValueError, match="skill"):
            parlour.Engine(skill=bad)
    solved = parlour.Engine(threads=1, hash_mb=16).solve(parlour.Board("B:WK29:BK18,K15"), depth=40)
    assert solved.proven and solved.mate > 0 and solved.depth < 40
    open_game = parlour.Engine(threads=1, hash_mb=16).solve(board, depth=5)
    assert not open_game.proven and open_game.depth == 5


def test_an_opening_book_answers_without_a_search(cli, tmp_path):
    book = tmp_path / "start.book"
    cli("book", "build", "--out", str(book), "--roots", "start", "--size", "6", "--depth", "3")
    engine = parlour.Engine(book=str(book), book_floor=0)
    assert engine.book == str(book) and engine.book_floor == 0
    result = engine.search(parlour.Board(), depth=9)
    assert result.book and result.nodes == 0
    assert result.move in parlour.Board().legal_moves and result.pv == [result.move]
    assert cli("best", "--book", str(book), "--book-floor", "0")[-1] == "bestmove %s" % result.move
    # Its depth-3 searches rest below the default floor: a search answers.
    deep_enough = parlour.Engine(book=str(book)).search(parlour.Board(), depth=2)
    assert parlour.Engine().book_floor == 16 and not deep_enough.book
    plain = parlour.Engine(book="off").search(parlour.Board(), depth=2)
    assert not plain.book and plain.nodes > 0
    with pytest.raises(parlour.EngineError, match="not for checkers huffing"):
        engine.search(parlour.Board(rules="huffing"), depth=1)
    with pytest.raises(parlour.EngineError, match="cannot read"):
        parlour.Engine(book=str(tmp_path / "none.book"))


def test_the_built_in_book_serves_english_alone(cli):
    engine = parlour.Engine(book="default")
    assert engine.book == "default"
    result = engine.search(parlour.Board(), depth=9)
    assert result.book and result.nodes == 0
    assert cli("best", "--book", "default")[-1] == "bestmove %s" % result.move
    # Under huffing it has no book, and searches.
    huffing = engine.search(parlour.Board(rules="huffing"), depth=2)
    assert not huffing.book and huffing.nodes > 0
    assert not parlour.Engine().search(parlour.Board(), depth=2).book
