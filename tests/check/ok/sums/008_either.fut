-- A sum type with two type parameters.
-- ==
type either 'a 'b = #left a | #right b
def swap 'a 'b (e: either a b) : either b a =
  match e
  case #left x -> #right x
  case #right y -> #left y
