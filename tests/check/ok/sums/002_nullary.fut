-- Constructors without payloads form an enumeration.
-- ==
type colour = #red | #green | #blue
def fav : colour = #green
def is_red (c: colour) = c == #red
