-- for ... in loops over array elements.
def sum (xs: []f32) = loop s = 0 for x in xs do s + x
def weighted (ps: [](f32, f32)) =
  loop acc = 0.0 for (v, w) in ps do acc + v * w
def records (rs: []{k: i32, v: i32}) =
  loop best = 0 for {k, v} in rs do if k > 0 then best + v else best
