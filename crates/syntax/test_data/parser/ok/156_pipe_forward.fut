-- The forward pipe operator.
def pipeline (xs: []i32) =
  xs
  |> map (* 2)
  |> filter (> 3)
  |> reduce (+) 0
def one_line (x: f32) = x |> f32.sqrt |> f32.log
def with_lambda (xs: []i32) = xs |> map (\x -> x + 1)
