-- A size computed from a parameter is not the parameter itself.
-- ==
-- error: Sizes "n" and "n \+ 1" do not match
def grow (n: i64) : [n]i64 = iota (n + 1)
