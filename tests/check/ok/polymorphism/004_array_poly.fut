-- A size- and type-polymorphic function on arrays.
-- ==
def first_last [n] 't (xs: [n]t) : (t, t) = (xs[0], xs[n - 1])
def a = first_last [1, 2, 3]
def b = first_last [[true], [false]]
