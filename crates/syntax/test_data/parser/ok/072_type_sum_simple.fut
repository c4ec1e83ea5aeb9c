-- Sum types with payload-free constructors.
type direction = #north | #east | #south | #west
type toggle = #on | #off
type single = #only
def turn (d: direction) : direction = d
