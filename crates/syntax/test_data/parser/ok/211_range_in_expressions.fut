-- Ranges used as arguments and loop domains.
def squares (n: i64) = map (\i -> i * i) (0..<n)
def sum_range (n: i64) = loop s = 0 for i in 1...n do s + i
def reversed (n: i64) = reduce (+) 0 (n - 1..>-1)
def of_pipeline (n: i64) = (0..<n) |> map (+ 1)
def bound_is_sum (n: i64) = 0..<n + 1
