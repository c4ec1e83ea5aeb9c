-- Inside a loop, a function's result is applied to a further argument.
-- ==
-- error: Cannot apply "sq" to "acc"\.\nFunction accepts only 1 argument
def sq (x: f32) = x * x
def f (n: i32) = loop acc = 1f32 for i < n do sq acc acc
