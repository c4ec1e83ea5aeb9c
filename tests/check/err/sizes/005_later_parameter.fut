-- The type of a parameter may not depend on a later parameter.
-- ==
-- error: "k" is bound by a later parameter
def pairs v k = zip v (iota k)
