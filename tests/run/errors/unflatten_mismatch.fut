-- Unflattening an array whose size does not match the requested shape fails
-- at the size coercion.
-- ==
-- entry: main
-- input { 2i64 2i64 [1i32, 2i32, 3i32] }
-- error: cannot match shape
-- input { 2i64 2i64 [1i32, 2i32, 3i32, 4i32] }
-- output { [[1i32, 2i32], [3i32, 4i32]] }

-- ==
-- entry: flat_again
-- input { 3i64 1i64 [1i32, 2i32] }
-- error: cannot match shape
-- input { 1i64 2i64 [1i32, 2i32] }
-- output { [1i32, 2i32] }

def main (n: i64) (m: i64) (xs: []i32) = unflatten (xs :> [n * m]i32)

entry flat_again (n: i64) (m: i64) (xs: []i32) = flatten (unflatten (xs :> [n * m]i32))
