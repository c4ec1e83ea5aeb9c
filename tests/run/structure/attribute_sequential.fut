-- `#[sequential]` keeps a SOAC, here a call of a function making one,
-- sequential: the row sums are loops, not a segmented reduction.
-- ==
-- input { [[1, 2], [3, 4]] } output { [3, 7] }
-- input { empty([0][2]i32) } output { empty([0]i32) }
-- structure mc { SegMap 0 SegRed 0 /Loop 1 }

entry main (xss: [][]i32) : []i32 = #[sequential] map i32.sum xss
