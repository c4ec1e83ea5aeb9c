-- A map of a loop updating its row in place, each row's value starting
-- from a copy of an array made outside the map, is interchanged: the
-- loop updates the rows of an array of them.
-- ==
-- input { [1i64, 2i64] 3i64 }
-- output { [[3i64, 6i64, 9i64, 0i64], [6i64, 9i64, 12i64, 0i64]] }
-- input { [5i64] 0i64 }
-- output { [[0i64]] }
-- structure gpu { /Loop 1 /Loop/SegMap 1 /If 0 }

entry main [n] (xs: [n]i64) (k: i64) : [n][k + 1]i64 =
  let zeros = replicate (k + 1) 0
  in #[flattening(only_inner)]
     map (\x ->
            loop acc = copy zeros
            for i < k do
              let acc[i] = i64.sum (map (\j -> x * j + i) (iota k))
              in acc)
         xs
