-- Records: construction (explicit and field shorthand), projection, record
-- patterns, functional update `with` including nested fields, field sections
-- `(.key)`.
-- ==
-- entry: main
-- input { 1i32 2i32 }
-- output { 2i32 12i32 0i32 -1i32 }
-- input { -5i32 7i32 }
-- output { -4i32 17i32 0i32 -1i32 }

-- ==
-- entry: shorthand
-- input { 3i32 2.5f32 }
-- output { 3i32 2.5f32 3i32 }

-- ==
-- entry: nested
-- input { 4i32 }
-- output { 4i32 100i32 [0i32, 0i32] true 5i32 }
-- input { -2i32 }
-- output { -2i32 100i32 [0i32, 0i32] false -1i32 }

-- ==
-- entry: field_fn
-- input { [4i32, 5i32, 9i32, -1i32] }
-- output { [1i32, 2i32, 0i32, 2i32] 17i32 }

type point = {x: i32, y: i32}

def add (p: point) (q: point) : point = {x = p.x + q.x, y = p.y + q.y}

def main (a: i32) (b: i32) =
  let p = {x = a, y = b}
  let q = add p {y = 10, x = 1}
  in (q.x, q.y, (p with x = 0).x, (p with y = -1).y)

entry shorthand (x: i32) (y: f32) =
  let r = {x, y}
  let {x = u, y = w} = r
  in (u, w, r.x)

entry nested (a: i32) =
  let r = {inner = {v = a, w = [a, a + 1]}, flag = a > 0}
  let r2 = r with inner.v = 100
  let r3 = r2 with inner.w = [0, 0]
  in (r.inner.v, r2.inner.v, r3.inner.w, r3.flag, r.inner.w[1])

entry field_fn (xs: []i32) =
  let rs = map (\x -> {key = x % 3, value = x}) xs
  in (map (.key) rs, map (.value) rs |> i32.sum)
