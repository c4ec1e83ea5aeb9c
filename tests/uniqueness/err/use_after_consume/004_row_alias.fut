-- A row of a matrix aliases the matrix.
-- ==
-- error: Using variable "m", but this was consumed

def main (m: *[][]f32) : f32 =
  let row = m[1]
  let m[0, 0] = 1
  in row[0]
