-- let-bindings with tuple and record patterns, type ascriptions, chained
-- conditionals, nested let expressions.
-- ==
-- entry: main
-- input { 0i32 }
-- output { 2i32 -2i32 2i64 [110u8, 111u8, 110u8] 1i32 }
-- input { 5i32 }
-- output { 12i32 8i32 12i64 [112u8, 111u8, 115u8] 26i32 }
-- input { 20i32 }
-- output { 42i32 38i32 42i64 [98u8, 105u8, 103u8] 401i32 }

-- Let-bindings with patterns and type ascriptions; conditionals; local
-- bindings in nested scopes.
def main (x: i32) =
  let (a, b) : (i32, i32) = (x + 1, x - 1)
  let {first, second = s} = {first = a * 2, second = b * 2}
  let c : i64 = i64.i32 first
  let d = if x > 10 then "big" else if x > 0 then "pos" else "non"
  let e = (let y = x * x in y + 1)
  in (first, s, c, d, e)
