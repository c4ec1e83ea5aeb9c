-- The result of `|>` is not unique (it may be its argument), so it is
-- copied before being updated.
-- ==

def main (xs: []i32) : []i32 =
  let ys = copy (xs |> map (* 2))
  in ys with [0] = 0
