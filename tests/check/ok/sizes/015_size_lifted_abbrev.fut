-- A size-lifted abbreviation hides an existential size.
-- ==
type~ ivec = []i32
def nonzero (xs: []i32) : ivec = filter (!= 0) xs
