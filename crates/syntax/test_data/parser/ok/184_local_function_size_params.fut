-- Local functions with size and type parameters.
def outer (xs: []i32) =
  let g [n] (ys: [n]i32) : i32 = ys[0] + i32.i64 n
  in g xs
def poly (x: i32) =
  let id 'a (v: a) : a = v
  let both [m] 't (vs: [m]t) : [m]t = vs
  in (id x, both [x])
