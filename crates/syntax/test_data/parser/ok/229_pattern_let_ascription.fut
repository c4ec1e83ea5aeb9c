-- Let patterns with type ascriptions.
def f (x: i32) =
  let y: i64 = i64.i32 x
  let (a, b): (i64, i64) = (y, y)
  let z : [2]i64 = [a, b]
  in z
def g = let {v}: {v: f32} = {v = 1} in v
