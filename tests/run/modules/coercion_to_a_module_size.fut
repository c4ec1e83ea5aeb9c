-- A coercion to a size written as a module's constant (`[grid.width]`)
-- checks the value's size against the constant's value.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 4i64 } error: cannot match shape

module grid = {
  def width : i64 = 3
}

def main (n: i64) = iota n :> [grid.width]i64
