-- A user-defined integer operator is applied to a float operand.
-- ==
-- error: Cannot apply "\+\^" to "1\.5f32" \(invalid type\)
def (a: i32) +^ (b: i32) = a + b * 2
def r = 1.5f32 +^ 2
