-- Pipelines of observing functions.
-- ==

def main (xs: []i32) : i32 =
  xs |> map (+ 1) |> filter (> 0) |> reduce (+) 0
