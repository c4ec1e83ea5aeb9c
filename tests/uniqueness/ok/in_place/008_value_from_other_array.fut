-- Writing rows of another matrix is fine.
-- ==

def main (a: *[][]f32) (b: [][]f32) : [][]f32 =
  a with [0] = b[1]
