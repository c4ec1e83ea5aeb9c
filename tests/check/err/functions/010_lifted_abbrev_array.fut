-- An array is built whose element type is a fully lifted abbreviation.
-- ==
-- error: (is lifted and cannot be an array element|functional type)
type^ fn = i32 -> i32
def fs (f: fn) : [2]fn = [f, f]
