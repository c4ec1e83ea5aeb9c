-- A polymorphic wrapper around reduce with an explicit neutral element.
-- ==
def fold [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a = reduce op ne xs
def s = fold (+) 0i64 (iota 10)
def b = fold (&&) true [true, false]
