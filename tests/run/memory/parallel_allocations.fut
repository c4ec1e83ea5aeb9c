-- Arrays made at every point of a parallel map: of a size known before
-- the map, of a size each point computes, as loop parameters updated in
-- place (and swapped), in a function the map calls, and so many that a
-- GPU's heap for them must grow (past its first megabyte).
-- ==
-- entry: known
-- input { 4i64 3i64 }
-- output { [3i64, 6i64, 9i64, 12i64] }

entry known (k: i64) (n: i64) : []i64 =
  map (\i -> i64.sum (opaque (replicate n (i + 1)))) (iota k)

-- ==
-- entry: computed
-- input { [0i64, 3i64, 5i64] }
-- output { [0i64, 3i64, 10i64] }

entry computed (ns: []i64) : []i64 =
  map (\n -> i64.sum (opaque (iota n))) ns

-- ==
-- entry: loop_params
-- input { 3i64 4i64 }
-- output { [2i64, 4i64, 6i64] }

entry loop_params (k: i64) (n: i64) : []i64 =
  map (\i -> let xs = loop xs = replicate n i for j < 2 do
                        opaque (map (+ j) xs)
             in xs[0] + xs[n - 1])
      (iota k)

-- ==
-- entry: swapped
-- input { 3i64 4i64 }
-- output { [16i64, 40i64, 64i64] }

entry swapped (k: i64) (n: i64) : []i64 =
  map (\i -> let (xs, ys) = loop (xs, ys) = (replicate n i, replicate n (i + 1)) for _j < 3 do
                              (opaque (map (* 2) ys), xs)
             in i64.sum xs + i64.sum ys)
      (iota k)

#[noinline]
def triangle (n: i64) : i64 = i64.sum (opaque (iota n))

-- ==
-- entry: called
-- input { [2i64, 4i64] }
-- output { [1i64, 6i64] }

entry called (ns: []i64) : []i64 = map triangle ns

-- ==
-- entry: many
-- input { 300i64 }
-- output { 22537653260i64 }

entry many (k: i64) : i64 =
  let sums = map (\i -> let n = 1000 + i % 7
                        let xs = opaque (map (\j -> j * i) (iota n))
                        in i64.sum xs) (iota k)
  in i64.sum sums
