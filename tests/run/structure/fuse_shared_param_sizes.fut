-- Parameters whose types share a size: the body sees one size for them,
-- so the maps over both, and through a transposition, fuse into one nest.
-- ==
-- input { [[1, 2], [3, 4]] [[10, 20], [30, 40]] }
-- output { [[12, 36], [24, 48]] }
-- input { [[1, 2]] [[3, 4], [5, 6]] }
-- error: invalid sizes
-- structure { Screma 2 }

def main [n] (xss: [n][n]i32) (yss: [n][n]i32) : [][]i32 =
  let as = map (map (* 2)) xss
  let bs = map (map (+ 0)) (transpose yss)
  in map2 (map2 (+)) (transpose as) bs
