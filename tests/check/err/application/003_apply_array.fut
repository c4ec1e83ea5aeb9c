-- An array is applied to an argument with a space before the bracket.
-- ==
-- error: not a function
def f (xs: [3]i32) = xs (1i32)
