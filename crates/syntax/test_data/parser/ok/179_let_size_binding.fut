-- Binding sizes with let [n].
def sized (xs: []i32) =
  let [n] (ys: [n]i32) = xs
  in n
def two_sizes (m: [][]f32) =
  let [r][c] (mm: [r][c]f32) = m
  in r * c
def spaced_sizes (m: [][]f32) = let [a] [b] (q: [a][b]f32) = m in a + b
