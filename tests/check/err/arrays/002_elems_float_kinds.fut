-- An array literal mixes f32 and f64 elements.
-- ==
-- error: Array elements must all have the same type
def xs = [1.0f32, 2.0f64]
