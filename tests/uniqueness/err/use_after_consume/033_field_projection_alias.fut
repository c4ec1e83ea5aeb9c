-- A projected field aliases the record.
-- ==
-- error: Using variable "p", but this was consumed

def main (p: *{xs: []i32, ys: []i32}) : i32 =
  let xs = p.xs
  let q = p with xs = (copy p.xs with [0] = 1)
  let p2 = p with ys = (p.ys with [0] = 2)
  in xs[0] + q.xs[0] + p2.ys[0]
