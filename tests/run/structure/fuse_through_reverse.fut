-- A reversed map that cannot fail is computed over the reversed input.
-- ==
-- input { [1, 2, 3] }
-- output { [15, 12, 9] }
-- structure { Screma 1 }

def main (xs: []i32) : []i32 =
  xs |> map (+ 2) |> reverse |> map (* 3)
