-- Indexing an array stored in a record field.
-- ==
def first (r: {xs: [3]i32, tag: bool}) = r.xs[0]
def also_first (r: {xs: [3]i32, tag: bool}) = (r.xs)[0]
