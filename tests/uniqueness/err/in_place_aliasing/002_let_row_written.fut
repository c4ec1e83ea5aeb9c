-- Also with `let a[i] = v`.
-- ==
-- error: Source array for in-place update

def main (m: *[][]f32) : [][]f32 =
  let m[0] = m[2]
  in m
