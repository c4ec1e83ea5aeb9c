-- Forward pipelines with |>.
-- ==
def process [n] (xs: [n]i32) =
  xs |> map (* 2) |> filter (> 3) |> reduce (+) 0
