-- Both branches of an `if` start a loop from a copy of the same array:
-- the simplifier moves statements the branches share in front of the
-- `if`, and the branches must then name the variables it keeps.
-- ==
-- input { [true, false, true] [4i64, 5i64, 6i64] }
-- output { [3i64, 4i64, 2i64, 4i64, 5i64, 6i64] }
-- input { [false, true, true] [4i64, 5i64, 6i64] }
-- output { [1i64, 1i64, 1i64] }
-- input { empty([0]bool) empty([0]i64) }
-- output { empty([0]i64) }

entry main [n] (flags: [n]bool) (ys: [n]i64) =
  let first = if n == 0 then false else flags[(-9) % n]
  in if first
     then (loop acc: *[n]i64 = copy ys for i < 5 do
             if length acc == 0 then acc else acc with [i % length acc] = i)
          ++ copy ys
     else (loop acc: *[]i64 = copy ys for i < 3 do
             if length acc == 0 then acc else acc with [i % length acc] = 1)
