-- A constructor is returned that the declared sum type does not have.
-- ==
-- error: Function body does not have expected type
type light = #red | #green
def next (l: light) : light = match l case #red -> #green case #green -> #yellow
