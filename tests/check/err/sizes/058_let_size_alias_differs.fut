-- A size bound by `let [k]` to a parameter's size is that size: an array
-- of another size does not have it.
-- ==
-- error: Sizes "n" and "3" do not match

def first [n] (xs: [n]i32) : i32 =
  let [m] (ys: [m]i32) = xs
  let zs : [m]i32 = [1, 2, 3]
  in ys[0] + zs[0]
