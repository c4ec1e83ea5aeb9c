-- Inside a loop, a function's result is applied to a further argument.
-- ==
-- error: not a function
def sq (x: f32) = x * x
def f (n: i32) = loop acc = 1f32 for i < n do sq acc acc
