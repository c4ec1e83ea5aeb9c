-- Constructors without payload.
type colour = #red | #green | #blue
def favourite : colour = #green
def palette : [3]colour = [#red, #green, #blue]
def signal : #on | #off = #off
