-- A row bound by `let` still aliases the matrix.
-- ==
-- error: Source array for in-place update

def main (m: *[][]i32) : [][]i32 =
  let first = m[0]
  in m with [1] = first
