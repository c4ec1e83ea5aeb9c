-- Loop parameters with type annotations and size binders.
def grow (n: i32) =
  loop (xs: []i32) = [] for i < n do xs ++ [i]
def refine [k] (init: [k]f32) =
  loop (cur: [k]f32) = init for _iter < 10 do map (* 0.5) cur
def attributed (n: i32) = #[unroll] loop s = 0 for i < 4 do s + n * i
