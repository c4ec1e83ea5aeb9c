-- A constructor's sum type is never determined.
-- ==
-- error: Type is ambiguous
def f (b: bool) = if b then #yes else #no
