-- A fully lifted abbreviation for a function type.
-- ==
type^ unop = i32 -> i32
def compose (f: unop) (g: unop) : unop = \x -> f (g x)
def r = compose (+ 1) (* 2) 5
