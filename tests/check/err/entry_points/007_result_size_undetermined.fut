-- An anonymous size of an entry point's written result type that the body
-- leaves open (the rows of an empty array) is a size parameter found only
-- in the result: the caller could not know it.
-- ==
-- error: size-polymorphic in their return type
def none 't (k: i64) : (i64, [0]t) = (k, [])

entry main (k: i64) : (i64, [0][]f32) = none k
