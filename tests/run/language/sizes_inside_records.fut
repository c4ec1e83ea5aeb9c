-- Sizes named inside records and tuples of parameters are bound from the
-- argument's components.
-- ==
-- entry: box_size
-- input { [3i64, 4i64, 5i64] } output { 3i64 12i64 }

-- ==
-- entry: pair_width
-- input { [[1, 2], [3, 4], [5, 6]] [[7, 8], [9, 10], [11, 12]] } output { 2i64 3i64 }

type box [n] = {items: [n]i64, scale: i64}

def box_len [n] (_: box [n]) : i64 = n

def total [n] (b: box [n]) : i64 = b.scale * i64.sum b.items

entry box_size (xs: []i64) = let b = {items = xs, scale = 1} in (box_len b, total b)

def widths [m] [n] (rows: [m]([n]i32, [n]i32)) : (i64, i64) = (n, m)

entry pair_width (a: [][]i32) (b: [][]i32) = widths (zip a (b :> [length a][]i32))
