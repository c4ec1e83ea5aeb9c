-- Arrays of values without data keep their sizes.
-- ==
-- entry: phantom
-- input { [5, 6, 7] } output { [0i64, 1i64, 2i64] }

-- ==
-- entry: stored
-- input { 4i64 2i64 } output { 4i64 2i64 }

type witness [n] = [n]()

def witness_of [n] 't (_: [n]t) : witness [n] = replicate n ()

def count_up [n] (_: witness [n]) : [n]i64 = iota n

entry phantom (xs: []i32) = count_up (witness_of xs)

type matrix [n] [m] = {rows: [n]i64, cols: [m]()}

def dims [n] [m] (a: matrix [n] [m]) = (n, m)

entry stored (n: i64) (m: i64) = dims {rows = iota n, cols = replicate m ()}
