-- The parts of concatenations are made in place: the results of maps,
-- and a copy of one. Only each concatenation's own block remains (two
-- in all).
-- ==
-- entry: mapped
-- input { [1, 2, 3] [4, 5] }
-- output { [2, 3, 4, 8, 10] }
-- input { empty([0]i32) [4] }
-- output { [8] }
-- structure seq-mem { Alloc 2 }

-- ==
-- entry: copied
-- input { [1, 2, 3] }
-- output { [1, 2, 3, 2, 3, 4] }

entry mapped [n] [m] (xs: [n]i32) (ys: [m]i32) : []i32 =
  let a = map (+ 1) xs
  let b = map (* 2) ys
  in concat a b

entry copied [n] (ys: [n]i32) : []i32 =
  let t0 = map (+ 1) ys
  let t1 = copy t0
  in concat ys t1
