-- A match expression inside a lambda.
-- ==
def classify [n] (xs: [n]i32) : [n]i32 =
  map (\x -> match x % 3
             case 0 -> 0
             case 1 -> 10
             case _ -> 20) xs
