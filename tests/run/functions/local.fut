-- Local functions, shadowing, lambdas stored in tuples, functions returning
-- functions.
-- ==
-- entry: main
-- input { [1i32, 2i32, -3i32] }
-- output { [1i32, 8i32, -27i32] [4i32, 12i32, 12i32] }

-- ==
-- entry: shadow
-- input { 4i32 }
-- output { 50i32 }

-- ==
-- entry: fn_in_tuple
-- input { 5i32 }
-- output { 6i32 10i32 }

-- ==
-- entry: apply_list
-- input { 10i32 }
-- output { [11i32, 12i32, 13i32] }

-- ==
-- entry: returning_fn
-- input { 4i32 }
-- output { 7i32 8i32 }

-- Local function definitions, recursion-free helpers, shadowing, functions in records and tuples.
def main (xs: []i32) =
  let sq x = x * x
  let cube x = sq x * x
  let helper (a: i32) (b: i32) : i32 =
    let inner c = c + a
    in inner b * 2
  in (map cube xs, map2 helper xs (map sq xs))

entry shadow (x: i32) =
  let x = x + 1
  let f x = x * 10
  let x = f x
  in x

entry fn_in_tuple (k: i32) =
  let fs = (\x -> x + k, \x -> x * k)
  in (fs.0 1, fs.1 2)

entry apply_list (x: i32) =
  let apply_all (fs: [3]i32) = map (\i -> fs[i] + x) (iota 3)
  in apply_all [1, 2, 3]

entry returning_fn (a: i32) =
  let adder (n: i32) : i32 -> i32 = \x -> x + n
  let add3 = adder 3
  in (add3 a, (adder a) a)
