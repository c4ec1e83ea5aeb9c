-- A value of one abbreviation is passed where a different one is expected.
-- ==
-- error: Cannot apply "warm" to "n" \(invalid type\)
type celsius = f32
type count = i32
def warm (c: celsius) = c > 20
def r (n: count) = warm n
