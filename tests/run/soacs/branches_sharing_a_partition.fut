-- Both branches of an `if` partition the same array: the simplifier moves
-- what they share in front of the `if`, and the branches must then name
-- the variables it keeps.
-- ==
-- input { [1, 2, 3] }
-- output { empty([0]bool) [true, true, true] }
-- input { empty([0]i32) }
-- output { empty([0]bool) empty([0]bool) }

entry main [n] (xs: [n]i32) =
  let flags = map (\_ -> true) xs
  in if or (map (\_ -> false) xs)
     then partition (\q -> q == false) flags
     else partition (\q -> q == false) flags
