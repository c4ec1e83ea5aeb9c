-- A sum type abbreviation referring to another abbreviation.
-- ==
type pos = (i32, i32)
type cmd = #move pos | #stop
def go : cmd = #move (1, 2)
