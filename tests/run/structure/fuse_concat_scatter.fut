-- A scatter of concatenations writes each part in every row: no
-- concatenation is made.
-- ==
-- input { [0, 0, 0, 0, 0] [0, 2] }
-- output { [1, 2, 1, 2, 0] }
-- structure { Concat 0 Screma 1 }

def main [n] (dest: *[]i32) (xs: [n]i32) : []i32 =
  let (is0, vs0, is1, vs1) = unzip4 (map (\x -> (i64.i32 x, 1, i64.i32 x + 1, 2)) xs)
  in scatter dest (is0 ++ is1 :> [n + n]i64) (vs0 ++ vs1 :> [n + n]i32)
