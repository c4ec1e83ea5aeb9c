-- 'with' updates inside larger expressions.
def update_then_sum (xs: *[]i32) =
  let ys = xs with [0] = 1
  in reduce (+) 0 ys
def record_chain (r: {a: i32, b: i32}) =
  let r2 = r with a = 1
  let r3 = r2 with b = r2.a + 1
  in r3
def in_tuple (xs: *[]i32) (r: {c: bool}) = (xs with [1] = 2, r with c = true)
