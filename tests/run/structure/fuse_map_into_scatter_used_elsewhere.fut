-- A map whose results the scatter reads and that are also returned
-- fuses into the scatter, which gives them as mapped values besides
-- its writes; out-of-bounds indices are skipped.
-- ==
-- input { [0i64, 2i64, 7i64] [10, 20, 30] [1, 2, 3, 4] }
-- output { [1, 11, 3, 21] [2i64, 4i64, 9i64] [11, 21, 31] }
-- input { empty([0]i64) empty([0]i32) [1, 2] }
-- output { [1, 2] empty([0]i64) empty([0]i32) }
-- structure { Screma 1 WithAcc 1 }

def main [k] [n] (is: [k]i64) (vs: [k]i32) (dest: *[n]i32) : ([n]i32, [k]i64, [k]i32) =
  let (is', vs') = unzip (map2 (\i v -> (i * 2 - i + 1, v + 1)) is vs)
  in (scatter dest is' vs', map (+ 1) is', vs')
