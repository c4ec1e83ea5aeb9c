-- Sequential loops: for with a counter, for-in over arrays, while (Collatz
-- steps), nested loops sharing state, tuple and record state, arrays growing
-- in a loop.
-- ==
-- entry: main
-- input { 0i32 }
-- output { 0i32 24i64 0i32 }
-- input { 1i32 }
-- output { 0i32 65i64 0i32 }
-- input { 6i32 }
-- output { 15i32 270i64 8i32 }
-- input { 27i32 }
-- output { 351i32 1131i64 111i32 }

-- ==
-- entry: nested
-- input { 3i64 4i64 }
-- output { 18i64 }
-- input { 0i64 5i64 }
-- output { 0i64 }
-- input { 5i64 0i64 }
-- output { 0i64 }

-- ==
-- entry: for_in
-- input { [3i32, 9i32, 1i32, 7i32] }
-- output { 9i32 7i32 }
-- input { [5i32] }
-- output { 5i32 -2147483648i32 }
-- input { empty([0]i32) }
-- output { -2147483648i32 -2147483648i32 }

-- ==
-- entry: record_state
-- input { 0i32 }
-- output { 0i32 [0i32, 0i32, 0i32] }
-- input { 5i32 }
-- output { 5i32 [2i32, 3i32, 1i32] }
-- input { 7i32 }
-- output { 13i32 [8i32, 3i32, 5i32] }

-- ==
-- entry: downwards
-- input { 3i32 }
-- output { [2i32, 1i32, 0i32] }
-- input { 1i32 }
-- output { [0i32] }

def main (n: i32) =
  let s = loop acc = 0 for i < n do acc + i
  let p = loop acc = 1i64 for i in [1i64, 2, 3, 4] do acc * i + i64.i32 n
  let w = loop (x, steps) = (n, 0) while x != 1 && x > 0 do
            (if x % 2 == 0 then x / 2 else 3 * x + 1, steps + 1)
  in (s, p, w.1)

entry nested (n: i64) (m: i64) =
  loop acc = 0i64 for i < n do
    loop acc for j < m do acc + i * j

entry for_in (xs: []i32) =
  loop (best, second) = (i32.lowest, i32.lowest) for x in xs do
    if x > best then (x, best) else if x > second then (best, x) else (best, second)

entry record_state (n: i32) =
  let r = loop r = {a = 0i32, b = 1i32, trace = [0i32, 0, 0]} for i < n do
            {a = r.b, b = r.a + r.b, trace = r.trace with [i % 3] = r.a}
  in (r.a, r.trace)

entry downwards (n: i32) = loop acc = [] for i in reverse (iota (i64.i32 n)) do acc ++ [i32.i64 i]
