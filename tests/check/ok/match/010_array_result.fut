-- Match cases returning arrays of the same size.
-- ==
def pick (k: i32) : [3]i32 =
  match k
  case 0 -> [1, 2, 3]
  case _ -> [0, 0, 0]
