-- Extracting an option's payload with a default.
-- ==
type maybe 'a = #just a | #nothing
def from_maybe 'a (d: a) (m: maybe a) : a =
  match m
  case #just x -> x
  case #nothing -> d
def r = from_maybe 0i32 (#just 5)
