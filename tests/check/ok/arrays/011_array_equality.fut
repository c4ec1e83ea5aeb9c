-- Arrays of the same type can be compared for equality.
-- ==
def eq [n] (a: [n]u8) (b: [n]u8) = a == b
def r = eq "abc" "abd"
