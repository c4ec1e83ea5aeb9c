-- | Conway's Game of Life on a torus, with cells as a sum type.

type cell = #dead | #alive

def to_int (c: cell) : i32 = match c case #alive -> 1 case #dead -> 0

def wrap (n: i64) (i: i64) : i64 = (i + n) % n

-- | Number of live neighbours around a position.
def neighbours [h][w] (board: [h][w]cell) (r: i64) (c: i64) : i32 =
  let offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
  in i32.sum (map (\(dr, dc) -> to_int board[wrap h (r + dr), wrap w (c + dc)]) offsets)

-- | The birth and survival rule.
def rule (c: cell) (n: i32) : cell =
  match (c, n)
  case (#alive, 2) -> #alive
  case (_, 3) -> #alive
  case _ -> #dead

def generation [h][w] (board: [h][w]cell) : [h][w]cell =
  tabulate_2d h w (\r c -> rule board[r, c] (neighbours board r c))

def from_bools [h][w] (bs: [h][w]bool) : [h][w]cell =
  map (map (\b -> if b then #alive else #dead)) bs

def to_bools [h][w] (board: [h][w]cell) : [h][w]bool =
  map (map (\c -> c == #alive)) board

entry run [h][w] (steps: i32) (init: [h][w]bool) : [h][w]bool =
  to_bools (loop board = from_bools init for _i < steps do generation board)

entry population [h][w] (board: [h][w]bool) : i64 =
  i64.sum (map (\row -> i64.sum (map i64.bool row)) board)

-- | A glider in the top-left corner of an otherwise empty board.
entry glider (h: i64) (w: i64) : [h][w]bool =
  let live = [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
  in tabulate_2d h w (\r c -> any (\(lr, lc) -> lr == r && lc == c) live)
