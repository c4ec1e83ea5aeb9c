-- Maps over unrelated arrays stay apart: fusing them saves no pass
-- over memory.
-- ==
-- input { [1, 2] [3, 4] }
-- output { [2, 3] [5, 6] }
-- structure { Screma 2 }

def main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  (map (+ 1) xs, map (+ 2) ys)
