-- `copy` breaks the aliasing between a row and its matrix.
-- ==

def main (m: *[][]i32) : [][]i32 =
  m with [0] = copy m[1]
