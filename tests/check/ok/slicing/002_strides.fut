-- Slices with positive and negative strides.
-- ==
def evens [n] (xs: [n]i32) = xs[::2]
def rev [n] (xs: [n]i32) : [n]i32 = xs[::-1]
def odd_rev [n] (xs: [n]i32) = xs[n-2:0:-2]
