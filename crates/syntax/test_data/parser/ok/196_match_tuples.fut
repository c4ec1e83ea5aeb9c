-- Matching on tuples of values.
def both (p: (bool, bool)) : i32 =
  match p
  case (true, true) -> 3
  case (true, false) -> 2
  case (false, true) -> 1
  case (false, false) -> 0
def first_zero (t: (i32, i32, i32)) = match t case (0, _, _) -> true case _ -> false
