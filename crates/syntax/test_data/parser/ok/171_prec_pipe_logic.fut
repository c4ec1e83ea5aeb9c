-- Pipes and backtick operators mixed with other operators.
def f1 (xs: []i32) = xs |> length |> (> 0) || false
def f2 (x: i32) = x + 1 |> i32.abs
def f3 (a: i32) (b: i32) = a + 1 `i32.max` b * 2
def f4 (f: f32 -> f32) (x: f32) = f <| f <| x - 1
