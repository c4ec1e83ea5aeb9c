-- Lambdas as operands and in pipelines.
def pipeline (xs: []i32) = xs |> map (\x -> x + 1) |> filter (\x -> x > 2)
def applied_left (x: i32) = (\y -> y * 2) x + 1
def pipe_to_lambda (x: i32) = x |> \y -> y + 1
def reduce_lambda (xs: []f32) = reduce (\a b -> f32.max a b) f32.lowest xs
