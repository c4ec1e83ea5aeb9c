-- A SOAC fused with one marked `#[sequential]` is sequential too: the
-- attribute outlives fusion.
-- ==
-- input { [1, 2] } output { [2, 3] [2, 4] }
-- structure { Screma 1 }
-- structure mc { SegMap 0 /Loop 1 }

entry main (xs: []i32) : ([]i32, []i32) = (#[sequential] map (+ 1) xs, map (* 2) xs)
