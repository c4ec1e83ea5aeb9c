-- Branches and loops may choose among the results of functions, and a
-- function may be applied inside each branch; only the values produced
-- must be first-order.
-- ==
def pick (flag: bool) (f: i32 -> i32) (g: i32 -> i32) (x: i32) : (i32, [3]i32) =
  let y = if flag then f x else g x
  let zs = match y
           case 0 -> replicate 3 (f 0)
           case _ -> replicate 3 (g y)
  let acc = loop acc = (0, zs) for i < 4 do (f acc.0 + i, map g acc.1)
  in acc
