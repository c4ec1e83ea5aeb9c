-- A loop not consuming its parameter: its result may be observed with the
-- initial value.
-- ==

def main (xs: []i32) (n: i64) : i32 =
  let ys = loop acc = xs for _i < n do acc
  in ys[0] + xs[0]
