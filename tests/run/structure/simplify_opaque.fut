-- `opaque` hides a value from the simplifier and from fusion: the
-- addition of constants stays, and the map is not fused into the
-- reduction.
-- ==
-- input { [1, 2, 3] } output { 13 }
-- input { empty([0]i32) } output { 4 }
-- structure { /BinOp 2 /Opaque 2 /Screma 2 }

def main (xs: []i32) : i32 = opaque 2 + 2 + i32.sum (opaque (map (+ 1) xs))
