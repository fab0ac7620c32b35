import shutil
from draughts import Board
from draughts.engine import Limit
from draughts.engines.hub import HubEngine

engine = HubEngine([shutil.which("parlour"), "hub"])  # pydraughts wants the full path
engine.init()
board = Board(variant="english")
while not board.is_over() and len(board.move_stack) < 10:
    board.push(engine.play(board, Limit(movetime=0.1), False).move)
print(" ".join(move.pdn_move for move in board.move_stack))
engine.quit()
engine.kill_process()
