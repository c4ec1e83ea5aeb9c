-- Loops whose array state starts as `replicate n ..` or `iota n` of a
-- parameter, updated in place or mapped.
-- ==
-- entry: direct
-- input { 0i64 }
-- output { empty([0]i64) }
-- input { 1i64 }
-- output { [0i64] }
-- input { 5i64 }
-- output { [0i64, 1i64, 5i64, 14i64, 30i64] }

-- ==
-- entry: iota_init
-- input { 3i64 }
-- output { [2i64, 3i64, 4i64] }
-- input { 0i64 }
-- output { empty([0]i64) }

-- The initial value of the loop is built from the size parameter directly.
entry direct (n: i64) =
  loop acc = replicate n 0i64 for i < n do
    acc with [i] = i * i + (if i > 0 then acc[i - 1] else 0)

entry iota_init (n: i64) = loop acc = iota n for _i < 2 do map (+ 1) acc
