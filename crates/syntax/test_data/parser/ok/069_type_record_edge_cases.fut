-- Empty record types, trailing commas, and nested records.
type nothing = {}
type trailing = {a: i32, b: i32,}
type nested = {outer: {inner: {leaf: f64}}}
def empty_rec : nothing = {}
def leaf_of (n: nested) = n.outer.inner.leaf
