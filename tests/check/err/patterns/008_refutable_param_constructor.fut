-- A parameter pattern names one constructor of a two-constructor sum.
-- ==
-- error: Refutable pattern not allowed here
def f ((#some x): #some i32 | #none) = x
