-- `#[unroll]` replaces a loop of a known number of iterations by a copy
-- of its body per iteration, also where the count is a size that an
-- entry point's type fixes.
-- ==
-- input { [3, 1, 4, 1, 5, 9] }
-- output { [0, 1, 2, 1, 5, 9] 23 }
-- structure { Loop 0 }

def main (xs: *[6]i32) =
  let total = #[unroll] loop acc = 0 for x in xs do acc + x
  let xs = #[unroll] loop xs for i < 3 do xs with [i] = i32.i64 i
  in (xs, total)
