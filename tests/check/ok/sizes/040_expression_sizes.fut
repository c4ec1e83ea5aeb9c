-- Sizes given by expressions: the same expression gives the same size, a
-- size parameter matches an expression's operators part by part, and a
-- value written to a slice needs the slice's size only at run time.
-- ==

def spread (ks: []i64) : [](i64, f32) =
  zip (iota (i64.sum ks)) (replicate (i64.sum ks) 0.5f32)

def front [a] [b] 't (xs: [a + b]t) : [a]t = take a xs

def heads [n] (ks: [n]i64) (rows: [][]f32) =
  map front (transpose (tabulate (i64.sum ks + n) (\_ -> rows[0])))

def stamp [n] (dst: [n]i32) (rows: [][]i32) (starts: []i64) =
  map2 (\row s -> copy dst with [s:s + 2] = row) rows starts

def main (ks: []i64) = length (spread ks)
