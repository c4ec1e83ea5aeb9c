-- A lambda taking the unit value.
-- ==
def thunk = \() -> 42i32
def r = thunk ()
