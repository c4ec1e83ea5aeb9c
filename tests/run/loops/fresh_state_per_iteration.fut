-- An array made inside an outer loop and updated in place by an inner
-- loop, whose parameter is not declared unique: every outer iteration
-- starts from a fresh array, so nothing may carry one iteration's
-- updates into the next (making the array once, before the outer loop,
-- would).
-- ==
-- entry: replicated
-- input { 5i64 }
-- output { 10i64 }
-- input { 1i64 }
-- output { 0i64 }

-- ==
-- entry: copied
-- input { 3i64 [1i32, 2i32] }
-- output { 6i32 [1i32, 2i32] }
-- input { 4i64 [5i32] }
-- output { 40i32 [5i32] }

-- ==
-- entry: mapped
-- input { 3i64 }
-- output { [1i64, 2i64, 3i64] }

entry replicated (n: i64) : i64 =
  loop total = 0 for i < n do
    let c = replicate n 0i64
    let c = loop c for j < i do c with [0] = c[0] + j
    in total + c[0]

entry copied (n: i64) (xs: []i32) : (i32, []i32) =
  let total =
    loop total = 0 for _i < n do
      let c = copy xs
      let c = loop c for k < length c do c with [k] = c[k] * 2
      in total + c[0]
  in (total, xs)

-- The same in the rows of a map.
entry mapped (n: i64) : []i64 =
  map (\r ->
         loop total = 0 for i < r + 1 do
           let c = replicate 2 1i64
           let c = loop c for _j < i do c with [1] = c[1] + 1
           in total + c[1] - i)
      (iota n)
