-- Sum types are structural: an anonymous sum matches the abbreviation.
-- ==
type ab = #a | #b
def f (x: #a | #b) : ab = x
def g (x: ab) : #b | #a = x
