-- An array is applied to an argument with a space before the bracket.
-- ==
-- error: Cannot apply "xs" as function, as it has non-function type
def f (xs: [3]i32) = xs (1i32)
