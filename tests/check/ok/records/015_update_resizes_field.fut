-- Updating record fields (also nested ones, also with `let r.f = v`)
-- may change the sizes of arrays in them.
def grow [n] (r: {data: [n]f32, id: i32}) : {data: [n + 1]f32, id: i32} =
  r with data = r.data ++ [0f32]

def regroup [a] [b] (outer: {inner: {vals: [a]i64}, tag: bool}) (more: [b]i64) : [b]i64 =
  let outer.inner.vals = more
  in outer.inner.vals

def main (xs: []f32) (ys: []i64) = (grow {data = xs, id = 1}, regroup {inner = {vals = [1i64]}, tag = true} ys)
