-- With `<|`, the function (here a partial application) is evaluated
-- first: its lambda's parameter type cannot use the size of the filtered
-- array, which is computed afterwards.
-- ==
-- error: Causality check
def count [n] (p: [n]i32 -> bool) (xs: [n]i32) : i64 = if p xs then n else 0

def main (ys: []i32) = count (\v -> length v > 2) <| filter (> 0) ys
