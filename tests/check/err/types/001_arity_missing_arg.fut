-- A parametric type abbreviation is used without its argument.
-- ==
-- error: Type "pair" takes 1 arguments, but is given 0
type pair 'a = (a, a)
def f (p: pair) = p
