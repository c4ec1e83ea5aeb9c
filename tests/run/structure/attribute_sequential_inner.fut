-- `#[sequential_inner]` keeps a SOAC's rows parallel and what they do
-- sequential: one thread per row sums it.
-- ==
-- input { [[1, 2], [3, 4]] } output { [3, 7] }
-- structure mc { /SegMap 1 /SegMap/Loop 1 SegRed 0 }

entry main (xss: [][]i32) : []i32 = #[sequential_inner] map i32.sum xss
