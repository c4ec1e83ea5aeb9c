-- Copies of rows updated per element, in `map2`.
-- ==

def main (m: [][]i32) (vs: []i32) : [][]i32 =
  map2 (\row v -> copy row with [0] = v) m vs
