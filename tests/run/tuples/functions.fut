-- Tuples returned from functions, reduced, returned by conditionals with
-- differently sized arrays, and used as loop state.
-- ==
-- entry: main
-- input { [7i32, -7i32, 9i32] 2i32 }
-- output { [3i32, -4i32, 4i32] [1i32, 1i32, 1i32] }
-- input { [10i32, 11i32] -3i32 }
-- output { [-4i32, -4i32] [-2i32, -1i32] }

-- ==
-- entry: minmax
-- input { [3i32, -4i32, 8i32] }
-- output { -4i32 8i32 }
-- input { empty([0]i32) }
-- output { 2147483647i32 -2147483648i32 }

-- ==
-- entry: choose
-- input { true 3i32 }
-- output { 3i32 [3i32] }
-- input { false 3i32 }
-- output { -3i32 [3i32, 3i32] }

-- ==
-- entry: fib
-- input { 0i32 }
-- output { 0i64 }
-- input { 1i32 }
-- output { 1i64 }
-- input { 10i32 }
-- output { 55i64 }
-- input { 90i32 }
-- output { 2880067194370816120i64 }

-- Functions returning tuples, tuples through maps, loops and conditionals.
def divmod (a: i32) (b: i32) = (a / b, a % b)

def main (xs: []i32) (d: i32) = unzip (map (\x -> divmod x d) xs)

entry minmax (xs: []i32) =
  reduce (\(l1, h1) (l2, h2) -> (i32.min l1 l2, i32.max h1 h2)) (i32.highest, i32.lowest) (map (\x -> (x, x)) xs)

entry choose (c: bool) (x: i32) = if c then (x, [x]) else (-x, [x, x])

entry fib (n: i32) = (loop (a, b) = (0i64, 1i64) for _i < n do (b, a + b)).0
