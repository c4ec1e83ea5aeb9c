-- A user-defined integer operator is applied to a float operand.
-- ==
-- error: Argument does not have expected type
def (a: i32) +^ (b: i32) = a + b * 2
def r = 1.5f32 +^ 2
