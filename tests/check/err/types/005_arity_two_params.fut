-- A two-parameter abbreviation is given only one argument.
-- ==
-- error: Type "either" takes 2 arguments, but is given 1
type either 'a 'b = #left a | #right b
def f (x: either i32) = x
