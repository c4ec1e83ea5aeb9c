-- A size that only the tuple elements of an array parameter give (and
-- one only a tuple parameter gives) is bound from them.
-- ==
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] }
-- output { [2i64, 2i64] [14, 22] }

def widths [m] [n] (ps: [m]([n]i32, [n]i32)) : [m]i64 =
  loop ws = replicate m 0 for _i < n do map (+ 1) ws

def first_sum [n] (p: ([n]i32, [n]i32)) : i32 =
  reduce (+) 0 (map2 (+) p.0 p.1) - i32.i64 n * 0

def main (xss: [][]i32) (yss: [][]i32) =
  (widths (zip xss yss), map (\i -> first_sum (xss[i], yss[i])) (iota (length xss)))
